import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { statusNode } from '@fieldbook/core';
import {
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { axeFindings, describeFindings } from '../support/axe.js';
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';
import { screenshot } from '../support/screenshot.js';

/** The screenshots, opened and checked by eye. */

let e: E2E;
let owner: TestUser;
let tech: TestUser;
let cid: string;
let repairs: string;
const jobsUrl = () => `/api/companies/${cid}/appointments`;

beforeAll(async () => {
  // The queue runs: a status entry's automations (the notification) happen as in production.
  e = await startE2E({ workers: true });
  owner = await buildUser(e.h, { username: 'lerato', password: 'owner password 1' });
  cid = (await buildCompany(e.h, owner)).id;
  tech = await buildMember(e.h, cid, { appointments: { r: true, u: true } });
  const t = await owner.api.post(`${jobsUrl()}/types`, {
    name: 'Repairs',
    description: '',
    order: 0,
    statuses: [
      statusNode('r-new', 'New', 0, ['r-site']),
      statusNode('r-site', 'On site', 1, ['r-new'], {
        sendNotification: true,
        sendNotificationSubject: 'Job {jobNumber} is yours: {status}',
        sendNotificationBody: 'Please go to the client about: {fault}.',
      }),
    ],
    components: [],
  });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  repairs = t.body._id;
});
afterAll(() => e.close());

const shot = (page: Page, name: string) => screenshot(page, name);

/** A job assigned to the technician, in New. */
async function newJob(fault: string) {
  const start = new Date(Date.now() + 86_400_000).toISOString();
  const r = await owner.api.post(jobsUrl(), {
    ...{ appointmentTypeId: repairs, hasSchedule: true, startDate: start, endDate: start },
    ...{ status: 'New', faultDescription: fault, userId: tech.id },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { id: r.body._id as string, number: r.body.appointmentNumber as string };
}

/** The office moves the job on (as a drop on the board does). */
async function moveToSite(id: string) {
  const r = await owner.api.post(jobsUrl(), { _id: id, status: 'On site' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const unread = (page: Page) => page.getByTestId('notifications-unread').textContent();

describe('notifications on the dashboard', () => {
  it('a job moved into a status that notifies its assignee shows live, counted, and opens the job', async () => {
    const desk = await newSizedPage(e, 'desktop');
    const phone = await newSizedPage(e, 'phone');
    onTestFailed(async () => {
      await shot(desk.page, 'failed-desktop');
      await shot(phone.page, 'failed-phone');
    });
    const first = await newJob('Leaking geyser');
    const second = await newJob('Burst pipe');
    await signIn(desk.page, tech.username, tech.password);
    await desk.page.getByText('No notifications yet.').waitFor();
    expect(await unread(desk.page)).toBe('0');

    // Moved in the office: the technician's open dashboard shows it without a reload.
    await moveToSite(first.id);
    const item = desk.page.getByTestId('notification').filter({ hasText: first.number });
    await item.waitFor({ timeout: 15_000 });
    await expect.poll(() => unread(desk.page)).toBe('1');
    expect(await item.textContent()).toContain(`Job ${first.number} is yours: On site`);
    expect(await item.textContent()).toContain('Please go to the client about: Leaking geyser.');
    expect(await item.getAttribute('data-read')).toBe('false');
    // The sidebar's Dashboard badge counts it.
    const sidebarBadge = desk.page.getByLabel(/alerts?, 1 unread$/);
    await sidebarBadge.waitFor();
    await shot(desk.page, 'desktop-unread');
    const findings = await axeFindings(desk.page);
    expect(findings, describeFindings(findings)).toEqual([]);

    // A click opens its job and marks it read.
    await item.click();
    const dialog = desk.page.getByRole('dialog', { name: `Job ${first.number}` });
    await dialog.waitFor();
    expect(new URL(desk.page.url()).searchParams.get('job')).toBe(first.id);
    await shot(desk.page, 'desktop-opened');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => unread(desk.page)).toBe('0');
    expect(await item.getAttribute('data-read')).toBe('true');

    // On a phone, the same: live, counted, opening its job.
    await signIn(phone.page, tech.username, tech.password);
    await phone.page.getByTestId('notification').first().waitFor();
    await moveToSite(second.id);
    const onPhone = phone.page.getByTestId('notification').filter({ hasText: second.number });
    await onPhone.waitFor({ timeout: 15_000 });
    await expect.poll(() => unread(phone.page)).toBe('1');
    // The desktop hears it too (both sockets are the technician's).
    await expect.poll(() => unread(desk.page), { timeout: 15_000 }).toBe('1');
    expect(await sidewaysOverflow(phone.page)).toBe(0);
    await onPhone.scrollIntoViewIfNeeded();
    await shot(phone.page, 'phone-unread');
    const onPhoneFindings = await axeFindings(phone.page);
    expect(onPhoneFindings, describeFindings(onPhoneFindings)).toEqual([]);
    await onPhone.click();
    await phone.page.getByRole('dialog', { name: `Job ${second.number}` }).waitFor();
    await shot(phone.page, 'phone-opened');

    // The owner, who is not the assignee, has none.
    const own = await newSizedPage(e, 'desktop');
    await signIn(own.page, owner.username, owner.password);
    await own.page.getByText('No notifications yet.').waitFor();
    await own.context.close();
    await desk.context.close();
    await phone.context.close();
  }, 240_000);

  it('the profile switches the e-mail of job status notifications off and on', async () => {
    const { page, context } = await newSizedPage(e, 'phone');
    await signIn(page, tech.username, tech.password);
    await page.goto('/settings');
    const toggle = page.getByRole('switch', { name: /Job status notifications/ });
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click({ force: true });
    await page.getByText('These now arrive in the app only').waitFor();
    expect(await toggle.isChecked()).toBe(false);
    await shot(page, 'phone-profile');
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);
    const saved = await tech.api.get('/api/notifications/settings');
    // The other kinds keep their own choice.
    expect(saved.body.settings).toMatchObject([
      { kind: 'jobStatus', email: false },
      { kind: 'quoteAnswer', email: true },
    ]);
    await page.reload();
    expect(await page.getByRole('switch', { name: /Job status notifications/ }).isChecked()).toBe(
      false,
    );
    await context.close();
  });
});
