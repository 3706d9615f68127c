import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The longest journeys (a11y's 66 screens, recurring, routes, jobs, offline: 60-160 s each
 * in docs/performance.md, "How long CI takes") start first, so none runs alone at the end
 * while the other worker idles. (Vitest orders by the last run's durations when it has
 * them; a clean clone has none, and the file's size is a poor guess.)
 */
const SLOW = /\/(a11y|recurring|routes|jobs|offline|accounting|templates)\.e2e\.ts$/;
class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const slow = (f: TestSpecification) => SLOW.test(f.moduleId);
    return [...sorted.filter(slow), ...sorted.filter((f) => !slow(f))];
  }
}

export default defineConfig({
  test: {
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['../apps/server/test/support/global-setup.ts'],
    env: { NODE_ENV: 'test' },
    // A hang guard, not a speed check: the longest journeys (the route planner's) take 60 s
    // alone and passed 90 s on two cores loaded by other work.
    testTimeout: 180_000,
    // expect.poll waits for the page like Playwright's own waits (support/app.ts, PAGE_TIMEOUT),
    // not Vitest's default second: a hang guard, not a speed check, on two loaded cores.
    expect: { poll: { timeout: 20_000, interval: 100 } },
    hookTimeout: 90_000,
    // Each journey file runs its own server and Chromium on a free port and a
    // fresh database, one file per core at a time (610 s for the 32 files on
    // two cores, against about 1,000 s one at a time). A worker imports the
    // app once for all the files it runs.
    fileParallelism: true,
    maxWorkers: os.availableParallelism(),
    isolate: false,
    sequence: { sequencer: SlowFirst },
  },
});
