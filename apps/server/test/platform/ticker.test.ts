import { describe, expect, it } from 'vitest';
import { startTicker } from '../../src/platform/ticker.js';

/** The background timers' loop (statements, job reminders, recurring items). */
describe('startTicker', () => {
  it('runs now and again after each run, never two at once, and reports failures', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const errors: unknown[] = [];
    const ticker = startTicker(
      async () => {
        runs++;
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
        if (runs === 2) throw new Error('second run fails');
      },
      5,
      (e) => errors.push(e),
    );
    await expect.poll(() => runs, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await ticker.stop();
    const after = runs;
    expect(running).toBe(0);
    expect(most).toBe(1);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('second run fails');
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(after);
  });

  it('stop waits for the run under way, and a failure after stop is not reported', async () => {
    let finished = false;
    const errors: unknown[] = [];
    let started!: () => void;
    const begun = new Promise<void>((r) => (started = r));
    const ticker = startTicker(
      async () => {
        started();
        await new Promise((r) => setTimeout(r, 50));
        finished = true;
        throw new Error('database closed');
      },
      60_000,
      (e) => errors.push(e),
    );
    await begun;
    await ticker.stop();
    expect(finished).toBe(true);
    expect(errors).toEqual([]);
  });

  it('tells the run under way that it is stopping, so a long run can end early', async () => {
    const seen: boolean[] = [];
    let started!: () => void;
    const begun = new Promise<void>((r) => (started = r));
    const ticker = startTicker(
      async (stopping) => {
        started();
        // A long run in steps: it checks between steps, as the recurring run does.
        for (let i = 0; i < 1000 && !stopping(); i++) {
          seen.push(stopping());
          await new Promise((r) => setTimeout(r, 5));
        }
        seen.push(stopping());
      },
      60_000,
      () => {},
    );
    await begun;
    await ticker.stop();
    expect(seen.at(-1)).toBe(true);
    expect(seen.length).toBeLessThan(1000);
  });
});
