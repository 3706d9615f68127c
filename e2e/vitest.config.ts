import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['../apps/server/test/global-setup.ts'],
    env: { NODE_ENV: 'test' },
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // Each journey file runs its own server and Chromium on a free port and a
    // fresh database: two files at a time on the two cores (610 s for the 32
    // files, against about 1,000 s one at a time).
    fileParallelism: true,
    maxWorkers: 2,
  },
});
