import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { statusNode } from '@fieldbook/core';
import {
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { PAGE_TIMEOUT, signIn, startE2E, type E2E } from '../support/app.js';
import { axeFindings, describeFindings } from '../support/axe.js';
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';
import { screenshot } from '../support/screenshot.js';
import { keysHeardAfterPickUp } from '../support/settled.js';

let e: E2E;
let owner: TestUser;
let tech: TestUser;
let cid: string;
let repairs: string;
let installs: string;
/** Job ids and numbers by name. */
const job: Record<string, { id: string; number: string }> = {};

const jobsUrl = () => `/api/companies/${cid}/appointments`;

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'lerato', password: 'owner password 1' });
  cid = (await buildCompany(e.h, owner)).id;
  tech = await buildMember(e.h, cid, { appointments: { r: true, u: true } });
  // New -> Booked -> Job Done (needs the reference) -> Closed (final, so hidden).
  const t = await owner.api.post(`${jobsUrl()}/types`, {
    name: 'Repairs',
    description: '',
    order: 0,
    statuses: [
      statusNode('r-new', 'New', 0, ['r-booked']),
      statusNode('r-booked', 'Booked', 1, ['r-done']),
      statusNode('r-done', 'Job Done', 2, ['r-closed'], { requiredComponents: ['ref'] }),
      statusNode('r-closed', 'Closed', 3, []),
    ],
    components: [{ prop: 'ref', label: 'Reference', type: 'text' }],
  });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  repairs = t.body._id;
  const i = await owner.api.post(`${jobsUrl()}/types`, {
    name: 'Installs',
    description: '',
    order: 1,
    statuses: [statusNode('i-q', 'Quoted', 0, ['i-d']), statusNode('i-d', 'Done', 1, [])],
    components: [],
  });
  expect(i.status, JSON.stringify(i.body)).toBe(200);
  installs = i.body._id;
  const start = new Date(Date.now() + 86_400_000).toISOString();
  const make = async (name: string, fault: string, body: Record<string, unknown>) => {
    const r = await owner.api.post(jobsUrl(), {
      ...{ appointmentTypeId: repairs, hasSchedule: true, startDate: start, endDate: start },
      ...{ status: 'New', faultDescription: fault, ...body },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    job[name] = { id: r.body._id, number: r.body.appointmentNumber };
  };
  await make('leak', 'Leaking tap', { priority: 'Low', assignedUsers: [tech.id] });
  await make('burst', 'Burst pipe', { priority: 'Critical' });
  await make('install', 'New geyser', { appointmentTypeId: installs, status: 'Quoted' });
  await make('fitting', 'Fit a tap', {
    ...{ appointmentTypeId: installs, status: 'Quoted', isAllDayEvent: false },
    endDate: new Date(Date.parse(start) + 3_600_000).toISOString(),
  });
  await make('gutters', 'Gutters cleaned', {
    ...{ appointmentTypeId: installs, status: 'Quoted', isAllDayEvent: true },
  });
});
afterAll(() => e.close());

// fullPage resizes the window, which ends a drag: the drag's shot is of the viewport.
async function shot(page: Page, name: string, fullPage = true) {
  await screenshot(page, name, { fullPage });
}
const column = (page: Page, name: string) =>
  page.locator(`[data-testid="board-column"][data-column="${name}"]`);
const card = (page: Page, name: string) =>
  page.locator(`[data-testid="job-card"][data-job="${job[name]!.number}"]`);
/** The column a card is in, read from the page. */
const columnOfCard = (page: Page, name: string) =>
  card(page, name)
    .first()
    .evaluate((el) => el.closest('[data-column]')?.getAttribute('data-column') ?? null)
    .catch(() => null);
const numbersIn = async (page: Page, col: string) =>
  column(page, col)
    .locator('[data-testid="job-card"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-job')));

/** Scrolls the board sideways just enough to show a column (1280 px fits four). */
const showColumn = (page: Page, name: string) =>
  column(page, name).evaluate((el) => el.scrollIntoView({ block: 'nearest', inline: 'nearest' }));

/** Waits until the board's live region (dnd-kit's announcements) says `text`. */
const said = (page: Page, text: string) =>
  page
    .locator('[id^="DndLiveRegion"]')
    .getByText(text, { exact: true })
    .waitFor({ state: 'attached' });

/** Drags a card with the mouse onto a column, in small steps as a hand does. */
async function mouseDrag(page: Page, name: string, to: string, whileHeld?: () => Promise<void>) {
  await showColumn(page, to);
  const from = (await card(page, name).boundingBox())!;
  const target = (await column(page, to).boundingBox())!;
  await page.mouse.move(from.x + 40, from.y + 15);
  await page.mouse.down();
  await page.mouse.move(from.x + 50, from.y + 20, { steps: 3 });
  await whileHeld?.();
  await page.mouse.move(target.x + target.width / 2, target.y + 120, { steps: 12 });
  // The board may have scrolled sideways under the card: aim again.
  const again = (await column(page, to).boundingBox())!;
  await page.mouse.move(again.x + again.width / 2, again.y + 120, { steps: 4 });
  await page.mouse.up();
}

describe('the status board', () => {
  it('drags cards through the workflow, refuses what the workflow refuses, and keeps its state in the address', async () => {
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => shot(page, 'failed-desktop'));
    await signIn(page, 'lerato', 'owner password 1');
    await page.goto(`/statuses?types=${repairs}`);
    await column(page, 'Booked').waitFor();
    expect(
      await page
        .locator('[data-testid="board-column"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-column'))),
    ).toEqual(['Unscheduled', 'Scheduled', 'New', 'Booked', 'Job Done']);
    // Importance: the critical job first; by ID: the older one first.
    expect(await numbersIn(page, 'New')).toEqual([job.burst!.number, job.leak!.number]);
    await page.getByRole('button', { name: 'Sort by: Importance' }).click();
    await page.getByRole('button', { name: 'Sort by: ID' }).waitFor();
    expect(await numbersIn(page, 'New')).toEqual([job.leak!.number, job.burst!.number]);
    const border = await card(page, 'burst').evaluate((el) => getComputedStyle(el).borderLeftWidth);
    expect(border).toBe('10px');
    await shot(page, 'desktop-board');
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);

    // A mouse drag New -> Booked is saved.
    await mouseDrag(page, 'leak', 'Booked');
    await expect.poll(() => columnOfCard(page, 'leak')).toBe('Booked');
    await expect
      .poll(
        async () => (await owner.api.get(`${jobsUrl()}/activeJobs/${job.leak!.id}`)).body.status,
      )
      .toBe('Booked');
    await page.reload();
    await column(page, 'Booked').waitFor();
    expect(await columnOfCard(page, 'leak')).toBe('Booked');
    // The sort survived the reload (it is in the address).
    await page.getByRole('button', { name: 'Sort by: ID' }).waitFor();

    // Against the links: New may not jump to Job Done; the column says so while dragging.
    await mouseDrag(page, 'burst', 'Job Done', async () => {
      await expect.poll(() => column(page, 'Job Done').getAttribute('data-allowed')).toBe('false');
      await shot(page, 'desktop-dragging', false);
    });
    await page.getByText("A job in 'New' may move only to").waitFor();
    expect(await columnOfCard(page, 'burst')).toBe('New');

    // The required field: the server refuses and the card goes back.
    await mouseDrag(page, 'leak', 'Job Done');
    // The server's words, as they are (not prefixed with the field's name).
    await page
      .getByText("Fill in 'Reference' before moving the job to 'Job Done'", { exact: true })
      .waitFor();
    await expect.poll(() => columnOfCard(page, 'leak')).toBe('Booked');
    await shot(page, 'desktop-refused');

    // The keyboard: Space picks up, the right arrow goes to Booked, Space drops.
    // Each key waits for what the board then tells a screen reader.
    await card(page, 'burst').getByTestId('job-card-handle').focus();
    await page.keyboard.press('Space');
    // Picked up: it is over its own column now.
    await said(page, `Job ${job.burst!.number} is over New.`);
    await keysHeardAfterPickUp(page);
    await page.keyboard.press('ArrowRight');
    await said(page, `Job ${job.burst!.number} is over Booked.`);
    await page.keyboard.press('Space');
    await expect.poll(() => columnOfCard(page, 'burst')).toBe('Booked');

    // A push in the middle of a drag (someone edits the dragged job) neither drops nor breaks it.
    // (Scheduled and Booked both in view, away from the edges that scroll the board.)
    await page.getByTestId('board-scroll').evaluate((el) => (el.scrollLeft = 250));
    await mouseDrag(page, 'leak', 'Scheduled', async () => {
      // The push arrived while the card is held: the board has refetched the edited job.
      const refetched = page.waitForResponse(
        async (r) =>
          r.request().method() === 'GET' &&
          r.url().endsWith('/activeJobs') &&
          (await r.text()).includes('Leaking tap in the kitchen'),
      );
      const edit = await owner.api.post(jobsUrl(), {
        _id: job.leak!.id,
        faultDescription: 'Leaking tap in the kitchen',
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      await refetched;
    });
    await expect.poll(() => columnOfCard(page, 'leak')).toBe('Scheduled');
    await card(page, 'leak').getByText('Leaking tap in the kitchen').waitFor();

    // The card opens the job; Back closes it.
    await card(page, 'burst').click();
    await page.getByRole('dialog', { name: `Job ${job.burst!.number}` }).waitFor();
    await page.goBack();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The user filter: only the technician's (assigned) job; Toggle all: everyone's, none, everyone's.
    const users = page.getByRole('group', { name: 'Users' });
    await users.getByRole('button', { name: 'Test lerato' }).click();
    await card(page, 'burst').waitFor({ state: 'detached' });
    await card(page, 'leak').waitFor();
    await users.getByRole('button', { name: 'Toggle all' }).click();
    await card(page, 'burst').waitFor();
    await users.getByRole('button', { name: 'Toggle all' }).click();
    await card(page, 'leak').waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="job-card"]').count()).toBe(0);
    await users.getByRole('button', { name: 'Toggle all' }).click();
    await card(page, 'leak').waitFor();
    await card(page, 'burst').waitFor();

    // A type button: one type at a time in the list view; its columns and jobs.
    const types = page.getByRole('group', { name: 'Types' });
    expect(await types.getByRole('button', { name: /Repairs/ }).textContent()).toContain('2');
    await types.getByRole('button', { name: /Installs/ }).click();
    await column(page, 'Quoted').waitFor();
    await card(page, 'install').waitFor();
    expect(await column(page, 'Booked').count()).toBe(0);
    await page.reload();
    await card(page, 'install').waitFor();
    expect(new URL(page.url()).searchParams.get('types')).toBe(installs);
    // The schedule takes several types and filters by status; the list view one type again.
    await page.locator('label', { hasText: 'Schedule' }).click();
    await page.getByRole('group', { name: 'Statuses' }).waitFor();
    await types.getByRole('button', { name: /Repairs/ }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('types')?.split(',').sort())
      .toEqual([installs, repairs].sort());
    await page
      .getByRole('group', { name: 'Statuses' })
      .getByRole('button', { name: 'Booked' })
      .waitFor();
    await shot(page, 'desktop-schedule-filters');
    await page.locator('label', { hasText: 'Statuses' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('types')).toBe(installs);
    await page.context().close();
  });

  it('shows a start date and time, and only the date of an all-day job', async () => {
    const { page } = await newSizedPage(e, 'desktop');
    await signIn(page, 'lerato', 'owner password 1');
    await page.goto(`/statuses?types=${installs}`);
    const startOf = (name: string) => card(page, name).getByTestId('card-start');
    await startOf('gutters').waitFor();
    expect(await startOf('gutters').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} · All day$/);
    expect(await startOf('fitting').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('is not there for a member without appointment rights', async () => {
    const clerk = await buildMember(e.h, cid, { clients: { r: true } });
    const { page, context } = await newSizedPage(e, 'desktop');
    await signIn(page, clerk.username, clerk.password);
    await page.goto(`/statuses?types=${repairs}`);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    expect(await page.locator('[data-testid="job-card"]').count()).toBe(0);
    await context.close();
  });

  it('a second member follows a move within a second; on a phone one column at a time with Move to…', async () => {
    const office = await newSizedPage(e, 'desktop');
    onTestFailed(() => shot(office.page, 'failed-office'));
    await signIn(office.page, 'lerato', 'owner password 1');
    await office.page.goto(`/statuses?types=${repairs}`);
    await column(office.page, 'Booked').waitFor();

    const { page } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'failed-phone'));
    await signIn(page, tech.username, tech.password);
    await page.goto(`/statuses?types=${repairs}&col=Booked`);
    await column(page, 'Booked').waitFor();
    await card(page, 'burst').waitFor();
    expect(await page.locator('[data-testid="board-column"]').count()).toBe(1);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'phone-board');
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);

    // The office moves the burst pipe back to Scheduled; the phone's Booked column loses it
    // by the push, without a reload (the board does not poll). How fast is the bench's to say
    // (scripts/bench/board-browser.ts), not a timed test's.
    await office.page.getByRole('button', { name: `Move job ${job.burst!.number} to…` }).click();
    await office.page.getByRole('menuitem', { name: 'Scheduled', exact: true }).click();
    await card(page, 'burst').waitFor({ state: 'detached', timeout: 20_000 });

    // The status switcher names each column and its count.
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Scheduled (2)', exact: true }).click();
    await card(page, 'burst').waitFor();
    expect(new URL(page.url()).searchParams.get('col')).toBe('Scheduled');

    // Move to… with a finger: Scheduled -> Unscheduled; the office sees it.
    await page.getByRole('button', { name: `Move job ${job.burst!.number} to…` }).tap();
    await shot(page, 'phone-move-menu');
    await page.getByRole('menuitem', { name: 'Unscheduled', exact: true }).tap();
    await card(page, 'burst').waitFor({ state: 'detached' });
    await expect.poll(() => columnOfCard(office.page, 'burst')).toBe('Unscheduled');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Unscheduled (1)', exact: true }).click();
    await card(page, 'burst').waitFor();
    await shot(page, 'phone-unscheduled');
    await office.page.context().close();
    await page.context().close();
  });

  it('at 1,366 px opens at the start of the board, and downloads the appointments CSV', async () => {
    const context = await e.browser.newContext({
      ...{ baseURL: e.baseUrl, viewport: { width: 1366, height: 768 }, bypassCSP: true },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(PAGE_TIMEOUT);
    onTestFailed(() => shot(page, 'failed-1366'));
    await signIn(page, 'lerato', 'owner password 1');
    await page.goto(`/statuses?types=${repairs}`);
    await card(page, 'burst').waitFor();
    // Nothing is scrolled sideways: the board, the page, or the main area.
    const scroll = page.getByTestId('board-scroll');
    expect(await scroll.evaluate((el) => el.scrollLeft)).toBe(0);
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    const board = (await scroll.boundingBox())!;
    const first = (await column(page, 'Unscheduled').boundingBox())!;
    expect(first.x).toBeGreaterThanOrEqual(board.x);
    expect(
      await column(page, 'Unscheduled').getByText('Unscheduled', { exact: true }).isVisible(),
    ).toBe(true);
    await shot(page, 'desktop-1366', false);

    // The appointments CSV (spec §9) from the board's top bar.
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('appointments.csv');
    const text = fs.readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    const lines = text.trimEnd().split(/\r?\n/);
    expect(lines[0]).toBe('Number;Reported Date;Cleared Date;Current Status;Fault;Resolution');
    const burstRow = lines.find((l) => l.startsWith(`${job.burst!.number};`));
    expect(burstRow).toMatch(/^[^;]+;\d{4}-\d{2}-\d{2} \d{2}:\d{2};;[^;]+;Burst pipe;$/);
    expect(lines).toHaveLength(1 + Object.keys(job).length);
    await context.close();
  });

  it('on a phone opens on the first column with jobs, and offers Download CSV', async () => {
    const { page, context } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'failed-phone-first'));
    await signIn(page, 'lerato', 'owner password 1');
    // Installs: every job is Quoted; Unscheduled and Scheduled are empty.
    await page.goto(`/statuses?types=${installs}`);
    await card(page, 'install').waitFor();
    expect(await page.locator('[data-testid="board-column"]').getAttribute('data-column')).toBe(
      'Quoted',
    );
    expect(await page.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).toBe(
      'Quoted (3)',
    );
    // The choice is written to the address, so a move does not switch the column under the user.
    await expect.poll(() => new URL(page.url()).searchParams.get('col')).toBe('Quoted');
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'phone-first-busy-column');
    await context.close();
  });

  it('finishes a job from the board: Move to… offers the final status the links allow', async () => {
    const start = new Date(Date.now() + 86_400_000).toISOString();
    const made = await owner.api.post(jobsUrl(), {
      ...{ appointmentTypeId: repairs, hasSchedule: true, startDate: start, endDate: start },
      ...{ status: 'New', faultDescription: 'Ready to close' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    job.finish = { id: made.body._id, number: made.body.appointmentNumber };
    for (const status of ['Booked', 'Job Done']) {
      const r = await owner.api.post(jobsUrl(), {
        ...{ _id: job.finish.id, status },
        values: { ref: 'R-77' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }

    const { page, context } = await newSizedPage(e, 'desktop');
    onTestFailed(() => shot(page, 'failed-finish'));
    await signIn(page, 'lerato', 'owner password 1');
    await page.goto(`/statuses?types=${repairs}`);
    await card(page, 'finish').waitFor();
    // Booked and Job Done side by side (the board's last columns).
    await page.getByTestId('board-scroll').evaluate((el) => (el.scrollLeft = el.scrollWidth));
    // A drop the links refuse names every allowed status, and where the one without a column is.
    await mouseDrag(page, 'finish', 'Booked');
    await page
      .getByText(
        "A job in 'Job Done' may move only to 'Closed', 'Unscheduled', 'Scheduled'. " +
          "'Closed' is not on the board: use the card's Move to… menu.",
      )
      .waitFor();
    expect(await columnOfCard(page, 'finish')).toBe('Job Done');
    await shot(page, 'desktop-refused-final');

    await showColumn(page, 'Job Done');
    await page.getByRole('button', { name: `Move job ${job.finish.number} to…` }).click();
    // The menu opens on the next frame: its items are read once it shows.
    await page.getByRole('menu').getByText('Not on the board', { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('menuitem').allTextContents())
      .toEqual(['Unscheduled', 'Scheduled', 'Closed']);
    await shot(page, 'desktop-move-to-final', false);
    await page.getByRole('menuitem', { name: 'Closed', exact: true }).click();
    await card(page, 'finish').waitFor({ state: 'detached' });
    await page
      .getByText(`Job ${job.finish.number} moved to Closed, which is not on the board`)
      .waitFor();
    const stored = await owner.api.get(`${jobsUrl()}/activeJobs/${job.finish.id}`);
    expect(stored.body.status).toBe('Closed');
    await context.close();
  });
});
