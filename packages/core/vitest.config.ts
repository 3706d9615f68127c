import { defineConfig } from 'vitest/config';

// A few property tests (recurrence over centuries, the route optimiser against brute force) take
// a second or two alone and several times that on a busy machine: the limit guards against a
// hang, not speed (speed is measured in `npm run bench`).
export default defineConfig({ test: { include: ['src/**/*.test.ts'], testTimeout: 30_000 } });
