import type { Locator, Page } from 'playwright-core';

export interface Point {
  x: number;
  y: number;
}

/**
 * The instant of a wall-clock time ('YYYY-MM-DDTHH:mm') in a company's default
 * zone, Africa/Johannesburg (UTC+2 all year, no daylight saving), in ms. The
 * browser runs in UTC, so a right answer proves the calendar is in the
 * company's zone.
 */
export function zoned(wall: string): number {
  return Date.parse(`${wall}:00+02:00`);
}

/** A point just inside the time grid's slot of `date` at `time` ('HH:mm'). */
export async function slotPoint(page: Page, date: string, time: string): Promise<Point> {
  const cal = page.getByTestId('job-calendar');
  const row = cal.locator(`[data-time="${time}:00"]`).last();
  await row.scrollIntoViewIfNeeded();
  const rb = (await row.boundingBox())!;
  const header = cal.locator(`[role="columnheader"][data-date="${date}"]`).first();
  const hb = (await header.count()) ? await header.boundingBox() : null;
  return { x: hb ? hb.x + hb.width / 2 : rb.x + rb.width * 0.6, y: rb.y + 4 };
}

/**
 * Scrolls the page so the element starts just below the app's fixed top bar,
 * as a user scrolls down to it past the board's filters; what lies below it is
 * then in view and not covered by the bar. Measure after this.
 */
export async function scrollBelowBar(page: Page, target: Locator) {
  await target.waitFor();
  const top = (await target.boundingBox())!.y;
  await page.evaluate((y) => {
    const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    window.scrollBy(0, y - Math.max(bar, 0));
  }, top);
}

/** The calendar's top just below the top bar (its grid in view). */
export const calendarToTop = (page: Page) => scrollBelowBar(page, page.getByTestId('job-calendar'));

/**
 * The height of the time grid from one time to another ('HH:mm'), measured
 * without scrolling anything (so earlier measurements stay true).
 */
export async function slotSpan(page: Page, from: string, to: string): Promise<number> {
  const cal = page.getByTestId('job-calendar');
  const y = async (t: string) =>
    (await cal.locator(`[data-time="${t}:00"]`).last().boundingBox())!.y;
  return (await y(to)) - (await y(from));
}

/** A mouse drag in small steps, as a hand does (FullCalendar needs movement to start). */
export async function mouseDrag(page: Page, from: Point, to: Point) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 4, from.y + 4, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await dragDrawn(page);
  await page.mouse.up();
}

/**
 * The page has handled the last move and drawn it: two animation frames have passed (an
 * event, not a time), so the calendar's hit under the pointer is the one the drop will use.
 */
async function dragDrawn(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** How long a finger is held for a long press: the app's longPressDelay of 350 ms, and more. */
const LONG_PRESS_MS = 600;

/** A finger: a long press, then a drag, then letting go (Chromium's touch input). */
export async function touchDrag(page: Page, from: Point, to: Point) {
  const cdp = await page.context().newCDPSession(page);
  const at = (p: Point) => [{ x: p.x, y: p.y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from) });
  // A long press is a press held for a time: the calendar's longPressDelay (350 ms) with room
  // to spare. This is the gesture itself, not a wait for the page; nothing else here sleeps.
  await page.waitForTimeout(LONG_PRESS_MS);
  for (let i = 1; i <= 15; i++)
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at({
        x: from.x + ((to.x - from.x) * i) / 15,
        y: from.y + ((to.y - from.y) * i) / 15,
      }),
    });
  await dragDrawn(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

export const centre = (b: { x: number; y: number; width: number; height: number }): Point => ({
  x: b.x + b.width / 2,
  y: b.y + Math.min(b.height / 2, 8),
});
