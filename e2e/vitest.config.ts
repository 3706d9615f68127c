import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['../apps/server/test/global-setup.ts'],
    env: { NODE_ENV: 'test' },
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Each journey file runs its own server and Chromium; two cores, so one file at a time.
    fileParallelism: false,
  },
});
