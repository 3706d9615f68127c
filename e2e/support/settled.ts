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
