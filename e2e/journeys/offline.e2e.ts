import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  DEFAULT_TIME_ZONE,
  OFFLINE_MESSAGE,
  statusNode,
  type TAppointmentTypeSave,
} from '@fieldbook/core';
import {
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';
import { PNG, signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';
import { drawSignature } from '../support/job-form.js';
import { screenshot } from '../support/screenshot.js';

/*
 * A technician without signal (issue 24, docs/offline.md): the app opens
 * offline, a job is moved to Job Done with a signature and two photos, a
 * reload keeps it all, and on reconnect the server gets each change once:
 * one invoice, two photos, one signature; the office's edit meanwhile is
 * shown and chosen between; sign-out forgets what the phone kept.
 */

let e: E2E;
let owner: TestUser;
let tech: TestUser;
let cid: string;
let typeId: string;
let clientId: string;

const jobsUrl = () => `/api/companies/${cid}/appointments`;

function roofType(): TAppointmentTypeSave {
  return {
    name: 'Roof leak',
    order: 0,
    statuses: [
      statusNode('r-site', 'On site', 0, ['r-done']),
      statusNode('r-done', 'Job Done', 1, ['r-inv'], { autoGenerateInvoice: true }),
      statusNode('r-inv', 'Invoiced', 2, []),
    ],
    components: [
      { prop: 'client', label: 'Client', type: 'clientSelect' },
      {
        prop: 'photos',
        label: 'Photos',
        type: 'images',
        permissions: { 'r-site': { allowMultiImages: true } },
      },
      { prop: 'sig', label: 'Client signature', type: 'signiture' },
      { prop: 'notes', label: 'Notes', type: 'comments' },
    ],
  };
}

beforeAll(async () => {
  e = await startE2E({ workers: true });
  owner = await buildUser(e.h, { username: 'sipho', password: 'owner password 1' });
  cid = (await buildCompany(e.h, owner)).id;
  tech = await buildMember(e.h, cid, { appointments: { r: true, u: true }, clients: { r: true } });
  const t = await owner.api.post(`${jobsUrl()}/types`, roofType());
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  typeId = t.body._id;
  clientId = await buildClient(owner.api, cid, {
    name: 'Lerato',
    surname: 'Dlamini',
    email: 'lerato@example.test',
    phone: '+27 82 555 0199',
    address: '12 Vygie Street, Durbanville',
  });
});
afterAll(() => e.close());

/** A job of the technician's for tomorrow (or `days` from now), on site. */
async function techJob(fault: string, days = 1) {
  const start = new Date(Date.now() + days * 86_400_000).toISOString();
  const made = await owner.api.post(jobsUrl(), {
    ...{ appointmentTypeId: typeId, hasSchedule: true, startDate: start, endDate: start },
    ...{
      entityId: clientId,
      faultDescription: fault,
      status: 'On site',
      assignedUsers: [tech.id],
    },
    lineItems: [{ description: 'Roof sealing', qty: 1, price: 1200 }],
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return { id: made.body._id as string, number: made.body.appointmentNumber as string };
}

/** The company's date (YYYY-MM-DD) `days` from now: the day a techJob(…, days) is on. */
const dayFromNow = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(
    Date.now() + days * 86_400_000,
  );

const stored = async (id: string) => (await owner.api.get(`${jobsUrl()}/activeJobs/${id}`)).body;

/** What the technician sees: the modal scrolled to its top (the banner and the choices are there). */
async function shot(page: Page, name: string) {
  await page.evaluate(() =>
    document.querySelectorAll('.mantine-Modal-content').forEach((el) => el.scrollTo(0, 0)),
  );
  await screenshot(page, name, { fullPage: false });
}

async function chooseStatus(page: Page, status: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: 'Status', exact: true }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
}

const shownStatus = async (page: Page) =>
  (await page.getByTestId('job-shown-status').textContent())?.trim();

/** The query keys of the answers the phone has kept (written a second after the cache changes). */
const keptKeys = (page: Page) =>
  page.evaluate(async (userId) => {
    const db = await new Promise<IDBDatabase>((ok, no) => {
      const r = indexedDB.open(`fieldbook-offline-${userId}`);
      r.onsuccess = () => ok(r.result);
      r.onerror = () => no(r.error);
    });
    if (!db.objectStoreNames.contains('kv')) return (db.close(), []);
    const row = await new Promise<{ value?: { queries?: { queryKey: unknown[] }[] } } | undefined>(
      (ok) => {
        const r = db.transaction('kv').objectStore('kv').get('queries');
        r.onsuccess = () => ok(r.result);
      },
    );
    db.close();
    return (row?.value?.queries ?? []).map((q) => q.queryKey);
  }, tech.id);

/**
 * Whether the phone holds job `id` and the board's cards: on a loaded machine the board's
 * answer can come after the job's, and a board never kept waits for the network.
 */
const keptOnPhone = async (page: Page, id: string) => {
  const keys = await keptKeys(page);
  return (
    keys.some((k) => k.includes(id)) &&
    keys.some((k) => k[2] === 'jobs' && k[3] === 'list' && k[4] === 'active')
  );
};

/** How many calendar ranges the phone holds. */
const keptRanges = async (page: Page) =>
  (await keptKeys(page)).filter((k) => k[3] === 'list' && k[4] === 'range').length;

const phoneDatabases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));

/** Signs in, lets the service worker take the page, and opens the job once online (its screens are kept). */
async function readyOffline(context: BrowserContext, page: Page, id: string) {
  await signIn(page, tech.username, tech.password);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.goto(`/statuses?job=${id}`);
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await page.getByRole('dialog').getByText('Client signature').first().waitFor();
  await expect.poll(() => keptOnPhone(page, id)).toBe(true);
  void context;
}

describe('a technician offline', () => {
  it('moves a job to Job Done with a signature and two photos offline, keeps it over a reload, and syncs it once', async () => {
    const job = await techJob('Leak above the geyser');
    const { context, page } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'offline-failed'));
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    page.on('dialog', (d) => void d.accept());
    await readyOffline(context, page, job.id);

    await context.setOffline(true);
    const banner = page.getByRole('status', { name: 'Offline', exact: true });
    await banner
      .getByText('You are offline. Nothing waits to be sent.', { exact: false })
      .waitFor();
    // The app opens with no network at all: shell, job and form from the phone.
    await page.reload();
    const dialog = page.getByRole('dialog', { name: `Job ${job.number}` });
    await dialog.waitFor();
    await banner.waitFor();
    // Who the job is for and how to call them, from the week kept on the phone.
    const contact = dialog.getByRole('region', { name: 'Client contact' });
    await contact.getByText('Lerato Dlamini').waitFor();
    expect(await contact.getByRole('link', { name: '+27 82 555 0199' }).getAttribute('href')).toBe(
      'tel:+27825550199',
    );
    await contact.getByRole('link', { name: 'lerato@example.test' }).waitFor();

    await drawSignature(page);
    await page.getByRole('button', { name: 'Save signature' }).click();
    await page.getByRole('img', { name: 'Client signature' }).waitFor();
    await page.getByLabel('Add Photos').setInputFiles([
      { name: 'before.png', mimeType: 'image/png', buffer: PNG },
      { name: 'after.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await page.getByRole('img', { name: 'Photos 2' }).waitFor();
    await page.getByLabel('Resolution').fill('Resealed the flashing');
    await chooseStatus(page, 'Job Done');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(`Job ${job.number} saved on this phone`).first().waitFor();
    await banner.getByText(/You are offline\. \d+ changes wait on this phone\./).waitFor();
    await page
      .getByRole('status', { name: 'This job offline' })
      .getByText(/You are offline\. \d+ changes of this job wait on this phone/)
      .waitFor();
    await shot(page, 'offline-phone-waiting');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // Still offline, a reload keeps it all.
    await page.reload();
    await dialog.waitFor();
    await expect.poll(() => shownStatus(page)).toBe('Job Done');
    await page.getByRole('img', { name: 'Client signature' }).waitFor();
    await page.getByRole('img', { name: 'Photos 2' }).waitFor();
    expect(await page.getByLabel('Resolution').inputValue()).toBe('Resealed the flashing');
    // Nothing reached the server.
    expect((await stored(job.id)).status).toBe('On site');
    expect(logged.filter((l) => l === OFFLINE_MESSAGE)).toHaveLength(1);

    // The office changes the fault meanwhile (a field the phone left alone).
    const office = await owner.api.post(jobsUrl(), {
      _id: job.id,
      faultDescription: 'Leak above the geyser (office)',
    });
    expect(office.status, JSON.stringify(office.body)).toBe(200);

    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    const after = await stored(job.id);
    expect(after).toMatchObject({
      status: 'Job Done',
      resolution: 'Resealed the flashing',
      faultDescription: 'Leak above the geyser (office)',
    });
    expect(typeof after.values.sig).toBe('string');
    expect(after.values.sig).not.toMatch(/^local:/);
    expect(after.values.photos).toHaveLength(2);
    expect(after.values.photos.some((p: string) => p.startsWith('local:'))).toBe(false);
    expect(after.invoiceId).toBeTruthy();
    // Exactly one invoice from the move (automations ran once, when the change arrived).
    const invoices = await owner.api.get(
      `/api/companies/${cid}/invoices?from=2000-01-01&to=2100-12-31`,
    );
    expect(invoices.status, JSON.stringify(invoices.body)).toBe(200);
    // The company's only invoice: this job's (no other journey here reaches Job Done).
    expect((invoices.body as { _id: string }[]).map((i) => i._id)).toEqual([after.invoiceId]);
    await expect.poll(() => shownStatus(page)).toBe('Job Done');
    await shot(page, 'offline-phone-synced');
    await context.close();
  });

  it('shows a field the office changed too, side by side, and sends the choice', async () => {
    const job = await techJob('Gutter overflow');
    const { context, page } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'offline-failed-conflict'));
    await readyOffline(context, page, job.id);
    await context.setOffline(true);
    await page.getByLabel('Resolution').fill('Cleared the gutter');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(`Job ${job.number} saved on this phone`).first().waitFor();
    const office = await owner.api.post(jobsUrl(), { _id: job.id, resolution: 'Sent a roofer' });
    expect(office.status, JSON.stringify(office.body)).toBe(200);

    await context.setOffline(false);
    const choice = page
      .getByRole('alert')
      .filter({ hasText: 'Someone else changed this job while you were offline' });
    await choice.waitFor();
    await choice.getByRole('radio', { name: 'Resolution: theirs' }).waitFor();
    expect(await choice.getByText('Sent a roofer').count()).toBe(1);
    await shot(page, 'offline-phone-conflict');
    expect((await stored(job.id)).resolution).toBe('Sent a roofer');
    await choice.getByRole('button', { name: 'Keep mine' }).click();
    await choice.waitFor({ state: 'detached' });
    await expect.poll(async () => (await stored(job.id)).resolution).toBe('Cleared the gutter');
    await context.close();
  });

  it('applies a comment once when its answer is lost on the way and it is sent again', async () => {
    const job = await techJob('Loose tiles');
    // No service worker: the test stands between the page and the server.
    const { context, page } = await newSizedPage(e, 'phone', { blockServiceWorker: true });
    onTestFailed(() => shot(page, 'offline-failed-replay'));
    await signIn(page, tech.username, tech.password);
    const replayed: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/comments') && r.request().method() === 'POST')
        replayed.push(r.headers()['idempotent-replayed'] ?? 'no');
    });
    let first = true;
    await page.route(`**${jobsUrl()}/${job.id}/comments`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const key = route.request().headers()['idempotency-key'];
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      if (!first) return route.continue();
      first = false;
      // The server takes the comment; its answer never reaches the phone.
      await route.fetch();
      await route.abort('connectionreset');
    });
    await page.goto(`/statuses?job=${job.id}`);
    await page.getByLabel('New comment').fill('Two tiles replaced');
    await page.getByRole('button', { name: 'Add comment' }).click();
    const notes = page.getByRole('list', { name: 'Notes' });
    // The phone kept it and sent it again with the same key: the server answered what it stored.
    await expect.poll(() => replayed).toEqual(['true']);
    await expect.poll(() => notes.getByText('Two tiles replaced').count()).toBe(1);
    const comments = (await owner.api.get(`${jobsUrl()}/${job.id}/comments`)).body.comments;
    expect(comments.filter((c: { text: string }) => c.text === 'Two tiles replaced')).toHaveLength(
      1,
    );
    await context.close();
  });

  it("shows the week's jobs on the board and the schedule offline, neither opened online", async () => {
    // Two days on: the calendar's day below keeps room for its own job.
    const job = await techJob('Solar geyser', 2);
    const { context, page } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'offline-failed-never-opened'));
    await signIn(page, tech.username, tech.password);
    // The first visit: the worker installs but does not control this page (it would at the
    // next load), so the field screens' files go into its cache by hand.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(false);
    // Only the dashboard was open: the week came with the pack, no board or range was kept.
    await expect
      .poll(async () => (await keptKeys(page)).some((k) => k.includes(job.id)))
      .toBe(true);
    const lists = (await keptKeys(page)).filter((k) => k[2] === 'jobs' && k[3] === 'list');
    expect(lists).toEqual([]);
    // The field screens' code came with the week (fetched in an idle moment, kept by the worker).
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await caches.open('fieldbook-assets')).keys()).map((r) =>
            new URL(r.url).pathname.replace(/-[\w-]{8}\.(js|css)$/, ''),
          ),
        ),
      )
      .toEqual(expect.arrayContaining(['/assets/board-page', '/assets/route-view']));

    await context.setOffline(true);
    await page.goto('/statuses');
    await page.getByRole('status', { name: 'Offline', exact: true }).waitFor();
    // The board opens on the company's first type; the technician picks theirs.
    await page
      .getByRole('group', { name: 'Types' })
      .getByRole('button', { name: /Roof leak/ })
      .click();
    const card = page.locator(`[data-testid="job-card"][data-job="${job.number}"]`);
    await card.waitFor();
    await shot(page, 'offline-phone-board-from-week');
    await card.click();
    await page.getByRole('dialog', { name: `Job ${job.number}` }).waitFor();
    await page.keyboard.press('Escape');

    const day = dayFromNow(2);
    await page.goto(`/statuses?view=schedule&types=${typeId}&date=${day}`);
    await page
      .getByTestId('job-calendar')
      .getByRole('button')
      .filter({ hasText: job.number })
      .first()
      .waitFor();
    await shot(page, 'offline-phone-schedule-from-week');

    // Online again, the board becomes the server's answer: a job made meanwhile, beyond the
    // week (so in no pack), is on it without a reload.
    await page.goBack();
    await card.waitFor();
    const later = await techJob('Roof sheet', 10);
    await context.setOffline(false);
    await page.locator(`[data-testid="job-card"][data-job="${later.number}"]`).waitFor();
    await context.close();
  });

  it('opens the calendar kept from an online visit with no network, over a reload', async () => {
    const job = await techJob('Gutter');
    const { context, page } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'offline-failed-calendar'));
    await readyOffline(context, page, job.id);
    const day = dayFromNow(1);
    await page.goto(`/calendar?date=${day}`);
    const event = page.getByTestId('job-calendar').getByRole('button').filter({
      hasText: job.number,
    });
    await event.first().waitFor();
    // The calendar's range is on the phone before the network goes.
    await expect.poll(() => keptRanges(page)).toBeGreaterThan(0);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status', { name: 'Offline', exact: true }).waitFor();
    await event.first().waitFor();
    await screenshot(page, 'offline-phone-calendar', { fullPage: false });
    await event.first().click();
    await page.getByRole('dialog', { name: `Job ${job.number}` }).waitFor();
    await context.close();
  });

  it('forgets what the phone kept at sign-out, after asking about what waits', async () => {
    const job = await techJob('Skylight');
    const { context, page } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'offline-failed-signout'));
    await readyOffline(context, page, job.id);
    await context.setOffline(true);
    await page.getByLabel('New comment').fill('Waiting comment');
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByRole('list', { name: 'Notes' }).getByText('Waiting to send').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const ask = page.getByRole('dialog', { name: 'Log out' });
    await ask
      .getByText('1 change has not reached the server yet and will be lost. Log out anyway?')
      .waitFor();
    await ask.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect.poll(() => phoneDatabases(page)).not.toContain(`fieldbook-offline-${tech.id}`);
    await context.close();
  });
});
