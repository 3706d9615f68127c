import { defineConfig } from 'vitest/config';

// The proxy journey (proxy/): nginx in front of two compiled server processes on
// PostgreSQL (TEST_DATABASE_URL). `npm run test:proxy` builds nothing: run
// `npm run build` first. Not part of `npm test`, which needs no PostgreSQL; CI runs it.
export default defineConfig({
  test: {
    include: ['proxy/**/*.e2e.ts'],
    testTimeout: 240_000,
    hookTimeout: 240_000,
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
