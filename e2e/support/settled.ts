import type { Page } from 'playwright-core';

/**
 * Resolves once the page has painted its last change and every finite CSS
 * transition and animation on it (Mantine's fades and slides) has finished,
 * and its fonts are loaded: the events a screenshot or an axe run waits for,
 * instead of a guessed pause. Endless animations (a spinner) are not waited on.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    // Two frames: a state change made just now has started its transitions.
    await frame();
    await frame();
    await document.fonts.ready;
    for (let round = 0; round < 10; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
      await frame();
    }
  });
}

/**
 * After a keyboard pick-up in dnd-kit: its KeyboardSensor starts listening for
 * keys only in a task it queues at the pick-up (a `setTimeout` in `attach`), so
 * an arrow pressed as soon as the pick-up is announced can be lost (seen once
 * in the board journey on a loaded machine). This returns once a task queued
 * now has run, which is after the sensor's.
 */
export async function keysHeardAfterPickUp(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
}
