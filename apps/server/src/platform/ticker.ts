/** A timer started by `startTicker`. */
export interface Ticker {
  /** No further run starts; answers once the running one (if any) has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `tick` now and again `intervalMs` after each run ends, until stopped:
 * the background timers of the areas (monthly statements, job reminders,
 * recurring items). Runs never overlap. A failing run is reported to
 * `onError` (unless the ticker was stopped meanwhile, when the database may
 * already be closing) and the next run still comes.
 */
export function startTicker(
  /** `stopping()` turns true at `stop()`: a long run may end early at a safe point. */
  tick: (stopping: () => boolean) => Promise<void>,
  intervalMs: number,
  onError: (e: unknown) => void,
): Ticker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const run = async () => {
    try {
      await tick(() => stopped);
    } catch (e) {
      if (!stopped) onError(e);
    }
  };
  function schedule(delay: number) {
    timer = setTimeout(() => {
      current = run().finally(() => {
        if (!stopped) schedule(intervalMs);
      });
    }, delay);
  }
  schedule(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
