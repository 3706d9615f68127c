import { defineConfig } from 'vitest/config';

// The web's unit tests: the forms' pure state and the hooks (renderHook), in
// happy-dom for the hooks. No network: each test stubs what it fetches.
export default defineConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    // Pure state runs in Node; a hook's test asks for happy-dom in its first line.
    environment: 'node',
    clearMocks: true,
    restoreMocks: true,
  },
});
