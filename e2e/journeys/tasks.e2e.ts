import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { chatTimestamp } from '@fieldbook/core';
import {
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';
import { screenshot } from '../support/screenshot.js';

/** The screenshots, opened and checked by eye. */
const ZONE = 'Africa/Johannesburg';

let e: E2E;
let owner: TestUser;
let tech: TestUser;
let cid: string;

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'lerato', password: 'owner password 1' });
  cid = (await buildCompany(e.h, owner)).id;
  tech = await buildMember(e.h, cid, null);
});
afterAll(() => e.close());

const shot = (page: Page, name: string) => screenshot(page, name);
const card = (page: Page, name: string) =>
  page.getByTestId('task-coupon').filter({ hasText: name });
const stateOf = (page: Page, name: string) =>
  card(page, name).getByTestId('coupon-state').textContent();

describe('task coupons on the dashboard', () => {
  it('go through every state, with both confirmations, between the giver and the holder', async () => {
    const giver = await newSizedPage(e, 'desktop');
    const holder = await newSizedPage(e, 'phone');
    onTestFailed(async () => {
      await shot(giver.page, 'tasks-failed-giver');
      await shot(holder.page, 'tasks-failed-holder');
    });
    await signIn(giver.page, owner.username, owner.password);
    await signIn(holder.page, tech.username, tech.password);

    // The owner gives one that opens now.
    const give = async (name: string) => {
      await giver.page.getByRole('button', { name: 'Give a coupon' }).click();
      const dialog = giver.page.getByRole('dialog', { name: 'Give a coupon' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Colleague').click();
      await giver.page.getByRole('option').first().click();
      await dialog.getByRole('button', { name: 'Give' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await card(giver.page, name).waitFor();
    };
    // Nothing given yet: the empty state, and Give refuses an empty form.
    await giver.page.getByText('No task coupons yet.').waitFor();
    await giver.page.getByRole('button', { name: 'Give a coupon' }).click();
    await giver.page.getByRole('dialog').getByRole('button', { name: 'Give' }).click();
    await giver.page.getByText('is required').first().waitFor();
    await giver.page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await give('Lunch on us');
    expect(await stateOf(giver.page, 'Lunch on us')).toBe('Active');
    // One that opens later, given through the API with a time: shown with its time.
    const later = new Date(Date.now() + 26 * 3_600_000);
    later.setUTCSeconds(0, 0);
    const r = await owner.api.post('/api/tasks', {
      companyId: cid,
      name: 'Friday afternoon off',
      userId: tech.id,
      displayTime: later.toISOString(),
    });
    expect(r.status).toBe(200);

    // The holder, on a phone: Open asks first; No keeps it active.
    await holder.page.reload();
    await card(holder.page, 'Lunch on us').waitFor();
    expect(await stateOf(holder.page, 'Friday afternoon off')).toBe('Not open yet');
    await card(holder.page, 'Friday afternoon off')
      .getByText(`Opens ${chatTimestamp(later, ZONE)}`)
      .waitFor();
    expect(await card(holder.page, 'Friday afternoon off').getByRole('button').count()).toBe(0);
    await shot(holder.page, 'tasks-phone-holder');
    expect(await sidewaysOverflow(holder.page)).toBe(0);

    const lunch = card(holder.page, 'Lunch on us');
    await lunch.getByRole('button', { name: 'Open' }).click();
    const confirm = holder.page.getByRole('dialog', { name: 'Please confirm' });
    await confirm.getByText('Are you SURE you want to open this one....?').waitFor();
    await confirm.getByRole('button', { name: 'No' }).click();
    expect(await stateOf(holder.page, 'Lunch on us')).toBe('Active');
    await lunch.getByRole('button', { name: 'Open' }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => stateOf(holder.page, 'Lunch on us')).toBe('Opened');

    await lunch.getByRole('button', { name: 'Request' }).click();
    await confirm.getByText('last chance....?').waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => stateOf(holder.page, 'Lunch on us')).toBe('waiting');
    expect(await lunch.getByRole('button').count()).toBe(0);

    // The giver sees it waiting without a reload (pushed), and marks it used;
    // the holder sees Used the same way, and after a reload.
    const live = { timeout: 20_000, interval: 200 };
    await expect.poll(() => stateOf(giver.page, 'Lunch on us'), live).toBe('waiting');
    await shot(giver.page, 'tasks-desktop-giver');
    await card(giver.page, 'Lunch on us').getByRole('button', { name: 'Mark used' }).click();
    await expect.poll(() => stateOf(giver.page, 'Lunch on us')).toBe('Used');
    await expect.poll(() => stateOf(holder.page, 'Lunch on us'), live).toBe('Used');
    await holder.page.reload();
    await expect.poll(() => stateOf(holder.page, 'Lunch on us')).toBe('Used');
    await shot(holder.page, 'tasks-phone-used');
  });
});

describe("the coupon's 'Opens at' picker", () => {
  it('is styled and fits the screen on a desktop and a phone, and sets the time', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const { page, context } = await newSizedPage(e, size);
      onTestFailed(async () => void (await shot(page, `tasks-opens-at-failed-${size}`)));
      await signIn(page, owner.username, owner.password);
      await page.getByRole('button', { name: 'Give a coupon' }).click();
      const dialog = page.getByRole('dialog', { name: 'Give a coupon' });
      await dialog.getByRole('button', { name: 'Opens at' }).click();
      // The calendar: its month chevrons are buttons of a normal size.
      const previous = page.locator('[data-direction="previous"]').first();
      await previous.waitFor();
      const chevron = (await previous.boundingBox())!;
      expect(chevron.height).toBeLessThanOrEqual(40);
      const dropdown = page
        .locator('[data-dates-dropdown], .mantine-Modal-content')
        .filter({ has: previous });
      const box = (await dropdown.boundingBox())!;
      const view = page.viewportSize()!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(view.width);
      expect(box.y + box.height).toBeLessThanOrEqual(view.height);
      expect(await sidewaysOverflow(page)).toBe(0);
      await screenshot(page, `tasks-opens-at-${size}`, { fullPage: false });

      // Pick the 28th of the month shown at 14:30, and confirm.
      await page.locator('button[aria-label^="28 "]:not([data-outside])').click();
      await page.getByLabel('Hours').fill('14');
      await page.getByLabel('Minutes').fill('30');
      await page.getByRole('button', { name: 'Done' }).click();
      await previous.waitFor({ state: 'hidden' });
      await expect
        .poll(() => dialog.getByRole('button', { name: 'Opens at' }).textContent())
        .toMatch(/\/28 14:30$/);
      await dialog.getByRole('button', { name: 'Give' }).waitFor();
      await context.close();
    }
  });
});
