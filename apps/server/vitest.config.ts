import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that start the real server as child processes (crashes, stops, roles) take
 * minutes, and the fairness and fuzz files about a minute (docs/performance.md, "How long CI
 * takes"): they start first, so they do not run alone at the end while other workers idle.
 * (Vitest orders by the last run's durations when it has them; a clean clone has none.)
 */
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const slow = (f: TestSpecification) =>
      /(-crash|-sigterm|roles-split|stop-bound|compiled-server|fairness.*|fuzz-routes)\.test\.ts$/.test(
        f.moduleId,
      );
    return [...sorted.filter(slow), ...sorted.filter((f) => !slow(f))];
  }
}

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    env: { NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll is a hang guard here, not a speed check: Vitest's default second is short
    // for a worker or a second process on two loaded cores.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    pool: 'forks',
    maxWorkers: os.availableParallelism(),
    // A worker imports the app once and runs file after file in it: importing
    // cost about 6.7 s per file. Each file still starts its own app on a database
    // as migrated and empty (test/support/harness.ts: on PGlite the worker's last
    // one, emptied, test/support/pglite-reuse.ts; on PostgreSQL a copy of the
    // template), and no file mocks modules or fakes timers.
    isolate: false,
    sequence: { sequencer: SlowFirst },
  },
});
