import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO } from '../../apps/server/src/seed/demo.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { mainScreens, openScreen, seedDemo, type Demo } from '../support/screens.js';
import { PHONE, newSizedPage, sidewaysOverflow } from '../support/viewport.js';

/**
 * A technician on a 390 x 844 phone: every main screen fits the screen's
 * width, the lists keep their key columns in view, the period arrows stay on
 * the label's line, the public invoice reads at full size with its ribbon
 * clear of the title, and the menu reaches the price list, client types and
 * import. Screenshots: .tmp/screenshots/phone-*.png.
 */
let e: E2E;
let demo: Demo;
let page: Page;
beforeAll(async () => {
  e = await startE2E();
  demo = await seedDemo(e);
  ({ page } = await newSizedPage(e, 'phone'));
});
afterAll(() => e.close());

/** Whether the element is wholly inside the screen's width (not cut off or scrolled away). */
async function inView(l: Locator) {
  const box = await l.boundingBox();
  expect(box, 'element has no box (hidden)').not.toBeNull();
  return box!.x >= 0 && box!.x + box!.width <= PHONE.width + 0.5;
}

describe('on a phone', () => {
  it('opens the public invoice at a readable size, the ribbon clear of the title', async () => {
    onTestFailed(() => e.shot(page, 'failed-phone-public'));
    await page.goto(demo.publicLink);
    const frame = page.locator('iframe').first();
    await frame.waitFor();
    const doc = page.frameLocator('iframe').first();
    const title = doc.getByRole('heading', { name: 'Tax Invoice' });
    await title.waitFor();
    await e.shot(page, 'phone-public-invoice');

    // The document is not shrunk: its body text is at least 12 CSS pixels on the screen.
    const { fontPx, frameWidth } = await frame.evaluate((f: HTMLIFrameElement) => ({
      fontPx: parseFloat(getComputedStyle(f.contentDocument!.body).fontSize),
      frameWidth: f.getBoundingClientRect().width,
    }));
    const layoutWidth = await frame.evaluate((f: HTMLIFrameElement) => f.offsetWidth);
    const scale = frameWidth / layoutWidth;
    expect(fontPx * scale).toBeGreaterThanOrEqual(12);
    expect(await inView(frame)).toBe(true);

    // The ribbon covers none of the document's title.
    const ribbon = (await page.getByTestId('paid-ribbon').boundingBox())!;
    const heading = (await title.boundingBox())!;
    const overlaps =
      ribbon.x < heading.x + heading.width &&
      heading.x < ribbon.x + ribbon.width &&
      ribbon.y < heading.y + heading.height &&
      heading.y < ribbon.y + ribbon.height;
    expect(overlaps).toBe(false);
    expect(await sidewaysOverflow(page)).toBe(0);
  });

  it('fits every main screen to the width of the phone', async () => {
    onTestFailed(() => e.shot(page, 'failed-phone-screens'));
    await signIn(page, DEMO.username, DEMO.password);
    const wide: string[] = [];
    for (const s of mainScreens(demo).filter((x) => x.signedIn)) {
      await openScreen(page, s);
      await e.shot(page, `phone-${s.name}`);
      const over = await sidewaysOverflow(page);
      if (over > 0) wide.push(`${s.name} +${over}px`);
    }
    expect(wide).toEqual([]);
  });

  it('shows each invoice with its total and state, and the period arrows beside the period', async () => {
    onTestFailed(() => e.shot(page, 'failed-phone-invoices'));
    await page.goto('/invoices');
    const table = page.getByRole('table', { name: 'Invoices' });
    await table.waitFor();
    // The demo's newest invoice of this month.
    const row = table.getByRole('row').nth(1);
    await row.waitFor();
    const total = row.getByText(/^R[\d,]+\.\d\d$/).first();
    const state = row.getByText(/^(paid|un-paid|quote)$/).first();
    expect(await inView(total)).toBe(true);
    expect(await inView(state)).toBe(true);
    expect(await inView(row.getByRole('link').first())).toBe(true);

    const tops = await Promise.all(
      [
        page.getByRole('button', { name: 'Previous period' }),
        page.getByTestId('period-label'),
        page.getByRole('button', { name: 'Next period' }),
      ].map(async (l) => {
        const b = (await l.boundingBox())!;
        return Math.round(b.y + b.height / 2);
      }),
    );
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
  });

  it("shows an invoice's Qty, Price and Amount", async () => {
    onTestFailed(() => e.shot(page, 'failed-phone-invoice'));
    await page.goto(`/invoices/${demo.invoiceId}`);
    const lines = page.getByRole('table', { name: 'Line items' });
    await lines.waitFor();
    for (const name of ['Description', 'Qty', 'Price', 'Amount'])
      expect(await inView(lines.getByRole('columnheader', { name, exact: true })), name).toBe(true);
    const first = lines.getByRole('row').nth(1);
    expect(await inView(first.getByRole('cell').last())).toBe(true);
  });

  it('shows each client with what they owe', async () => {
    onTestFailed(() => e.shot(page, 'failed-phone-clients'));
    await page.goto('/clients');
    const table = page.getByRole('table', { name: 'Clients' });
    await table.getByRole('link', { name: 'Naledi' }).waitFor();
    expect(await inView(table.getByRole('columnheader', { name: 'Outstanding' }))).toBe(true);
    const row = table.getByRole('row', { name: /Naledi/ });
    expect(await inView(row.getByText(/^-?R[\d,]+\.\d\d$/))).toBe(true);
  });

  it('reaches the price list, client types and import from the menu', async () => {
    onTestFailed(() => e.shot(page, 'failed-phone-menu'));
    await page.goto('/');
    for (const [label, path] of [
      ['Price list', '/items'],
      ['Client types', '/clientTypes'],
      ['Import', '/import'],
    ] as const) {
      await page.getByRole('button', { name: 'Toggle menu' }).first().click();
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await menu.getByRole('link', { name: label, exact: true }).click();
      await page.waitForURL((u) => u.pathname === path);
      await page.getByRole('heading', { level: 1, name: label }).waitFor();
      // The menu slides away on the way.
      await expect
        .poll(async () => {
          const b = await menu.boundingBox();
          return !b || b.x + b.width <= 0;
        })
        .toBe(true);
    }
    await e.shot(page, 'phone-menu-import');
  });
});
