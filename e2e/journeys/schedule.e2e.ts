import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, daysBetween, statusNode, todayIn } from '@fieldbook/core';
import {
  buildCompany,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { axeFindings, describeFindings } from '../support/axe.js';
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';
import {
  calendarToTop,
  scrollBelowBar,
  centre,
  mouseDrag,
  slotPoint,
  slotSpan,
  touchDrag,
  zoned,
} from '../support/calendar.js';
import { screenshot } from '../support/screenshot.js';

const HOUR = 3_600_000;
let e: E2E;
let owner: TestUser;
let cid: string;
let typeId: string;
let clientId: string;
const jobs: Record<string, { id: string; number: string }> = {};
const url = () => `/api/companies/${cid}/appointments`;

async function makeJob(key: string, fault: string, at: string | null) {
  const body = {
    appointmentTypeId: typeId,
    entityId: clientId,
    faultDescription: fault,
    ...(at
      ? {
          hasSchedule: true,
          status: 'New',
          isAllDayEvent: false,
          startDate: new Date(zoned(at)).toISOString(),
          endDate: new Date(zoned(at) + HOUR).toISOString(),
        }
      : { hasSchedule: false }),
  };
  const r = await owner.api.post(url(), body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  jobs[key] = { id: r.body._id, number: r.body.appointmentNumber };
}

/** The job as stored, once `until` holds (the save is asynchronous to the drop). */
async function stored(key: string, until: (j: Record<string, unknown>) => boolean) {
  let job: Record<string, unknown> = {};
  for (let i = 0; i < 50; i++) {
    job = (await owner.api.get(`${url()}/activeJobs/${jobs[key]!.id}`)).body;
    if (until(job)) return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Job ${key} never became as expected: ${JSON.stringify(job)}`);
}
const ms = (v: unknown) => new Date(String(v)).getTime();

async function shot(page: Page, name: string) {
  await screenshot(page, name);
}
const eventOf = (page: Page, key: string) =>
  page.getByTestId('job-calendar').getByRole('button').filter({ hasText: jobs[key]!.number });
const cardOf = (page: Page, key: string) => page.locator(`[data-card-id="${jobs[key]!.id}"]`);

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'thandi', password: 'owner password 1' });
  cid = (await buildCompany(e.h, owner)).id;
  const t = await owner.api.post(`${url()}/types`, {
    name: 'Repair',
    description: 'Repairs',
    order: 0,
    statuses: [statusNode('n', 'New', 0, ['d']), statusNode('d', 'Done', 1, [])],
    components: [{ prop: 'client', label: 'Client', type: 'clientSelect' }],
  });
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  typeId = t.body._id;
  clientId = await buildClient(owner.api, cid, {
    name: 'Naledi',
    surname: 'Mokoena',
    email: 'naledi@example.test',
  });
  await makeJob('gate', 'Broken gate', null);
  await makeJob('tap', 'Leaking tap', '2026-12-08T10:00');
  await makeJob('phoneA', 'Blocked drain', null);
  await makeJob('phoneB', 'Loose tiles', null);
}, 240_000);
afterAll(() => e.close());

const board = (q = '') =>
  `/statuses?view=schedule&types=${typeId}&date=2026-12-07&cal=timeGridWeek${q}`;

describe('the schedule on /statuses', () => {
  it('drops an unscheduled job on the week, moves it, makes it three hours, takes it back', async () => {
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => shot(page, 'failed-desktop'));
    await signIn(page, 'thandi', 'owner password 1');
    await page.goto(board());
    await cardOf(page, 'gate').waitFor();
    await eventOf(page, 'tap').waitFor();
    await shot(page, 'schedule-desktop-week');

    // Onto Wednesday 10:00: start there, one hour, status Scheduled.
    await mouseDrag(
      page,
      centre((await cardOf(page, 'gate').boundingBox())!),
      await slotPoint(page, '2026-12-09', '10:00'),
    );
    let job = await stored('gate', (j) => j.hasSchedule === true);
    expect(ms(job.startDate)).toBe(zoned('2026-12-09T10:00'));
    expect(ms(job.endDate)).toBe(zoned('2026-12-09T11:00'));
    expect(job.shownStatus).toBe('Scheduled');
    expect(job.isAllDayEvent).toBe(false);
    await expect.poll(() => cardOf(page, 'gate').count()).toBe(0);

    // Moved to Thursday 13:00 (grabbed near its top edge, so the drop is the new start).
    const ev = eventOf(page, 'gate');
    const eb = (await ev.boundingBox())!;
    await mouseDrag(
      page,
      { x: eb.x + eb.width / 2, y: eb.y + 4 },
      await slotPoint(page, '2026-12-10', '13:00'),
    );
    job = await stored('gate', (j) => ms(j.startDate) === zoned('2026-12-10T13:00'));
    expect(ms(job.endDate)).toBe(zoned('2026-12-10T14:00'));

    // Resized at its bottom edge to three hours (the calendar scrolled up, as a user would;
    // everything measured after the last scroll). The pointer rests on it first: hovering shows
    // the resizer.
    await calendarToTop(page);
    const twoHours = await slotSpan(page, '14:00', '16:00');
    const rb = (await eventOf(page, 'gate').boundingBox())!;
    const edge = { x: rb.x + rb.width / 2, y: rb.y + rb.height - 3 };
    expect(edge.y + twoHours).toBeLessThan(page.viewportSize()!.height);
    await page.mouse.move(rb.x + rb.width / 2, rb.y + rb.height / 2);
    await mouseDrag(page, edge, { x: edge.x, y: edge.y + twoHours });
    job = await stored('gate', (j) => ms(j.endDate) === zoned('2026-12-10T16:00'));
    expect(ms(job.startDate)).toBe(zoned('2026-12-10T13:00'));
    await shot(page, 'schedule-desktop-resized');

    // Back onto the unscheduled column.
    const col = (await page.getByTestId('unscheduled-column').boundingBox())!;
    await mouseDrag(page, centre((await eventOf(page, 'gate').boundingBox())!), {
      x: col.x + col.width / 2,
      y: col.y + 60,
    });
    job = await stored('gate', (j) => j.hasSchedule === false);
    expect(job.shownStatus).toBe('Unscheduled');
    await cardOf(page, 'gate').waitFor();
    await expect.poll(() => eventOf(page, 'gate').count()).toBe(0);

    // Reload keeps the date and view.
    await page.reload();
    await eventOf(page, 'tap').waitFor();
    expect(page.url()).toContain('date=2026-12-07');
    expect(page.url()).toContain('cal=timeGridWeek');
  }, 240_000);

  it('on a phone: day view, no sideways overflow, Schedule… and finger drags', async () => {
    const { page } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'failed-phone'));
    await signIn(page, 'thandi', 'owner password 1');
    await page.goto(`/statuses?view=schedule&types=${typeId}&date=2026-12-09`);
    await cardOf(page, 'phoneA').waitFor();
    expect(await page.getByRole('radio', { name: 'Week' }).count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'schedule-phone-day');

    // Schedule… with a date and time.
    await page.getByRole('button', { name: `Schedule… job ${jobs.phoneA!.number}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule job' });
    await dialog.getByLabel('Start').fill('2026-12-09T09:00');
    await shot(page, 'schedule-phone-schedule-action');
    await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
    let job = await stored('phoneA', (j) => j.hasSchedule === true);
    expect(ms(job.startDate)).toBe(zoned('2026-12-09T09:00'));
    expect(ms(job.endDate)).toBe(zoned('2026-12-09T10:00'));
    // (FullCalendar's empty day pane scrolls without a focusable child; with a job in it, it has one.)
    await eventOf(page, 'phoneA').waitFor();
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);

    // A long press and a drag of the finger: the card onto 11:00.
    // (The card scrolled to just below the top bar, so 11:00 is in view too: nothing scrolls
    // between measuring and dragging.)
    await scrollBelowBar(page, cardOf(page, 'phoneB'));
    const to11 = await slotPoint(page, '2026-12-09', '11:00');
    await touchDrag(page, centre((await cardOf(page, 'phoneB').boundingBox())!), to11);
    job = await stored('phoneB', (j) => j.hasSchedule === true);
    expect(ms(job.startDate)).toBe(zoned('2026-12-09T11:00'));

    // And the event on to 14:00 the same way (the calendar scrolled up first; the target is
    // found before the event is measured, since finding it may scroll).
    await calendarToTop(page);
    const to14 = await slotPoint(page, '2026-12-09', '14:00');
    const eb = (await eventOf(page, 'phoneB').boundingBox())!;
    await touchDrag(page, { x: eb.x + eb.width / 2, y: eb.y + 4 }, to14);
    job = await stored('phoneB', (j) => ms(j.startDate) === zoned('2026-12-09T14:00'));
    expect(ms(job.endDate)).toBe(zoned('2026-12-09T15:00'));
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'schedule-phone-after');
    // The column folds away and comes back.
    await page.getByRole('button', { name: 'Hide unscheduled jobs' }).click();
    await expect.poll(() => cardOf(page, 'gate').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Show unscheduled jobs' }).click();
    await expect.poll(() => cardOf(page, 'gate').isVisible()).toBe(true);
  }, 240_000);
});

describe('/calendar and the client Calendar tab', () => {
  it('shows the jobs, moves through dates and views, opens a job, follows others live', async () => {
    const { page } = await newSizedPage(e, 'desktop', { blockServiceWorker: true });
    onTestFailed(() => shot(page, 'failed-calendar'));
    await signIn(page, 'thandi', 'owner password 1');
    await page.goto('/calendar?date=2026-12-07&cal=timeGridWeek');
    await eventOf(page, 'tap').waitFor();
    expect(await eventOf(page, 'tap').textContent()).toContain('Naledi Mokoena · Leaking tap');
    await shot(page, 'calendar-desktop-week');
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);

    // Day starts 12:00 scrolls the grid down by four hours.
    const before = (await page.locator('[data-time="12:00:00"]').last().boundingBox())!.y;
    await page.getByRole('combobox', { name: 'Day starts' }).click();
    await page.getByRole('option', { name: '12:00' }).click();
    await expect
      .poll(async () => (await page.locator('[data-time="12:00:00"]').last().boundingBox())!.y)
      .toBeLessThan(before - 100);
    expect(await page.evaluate(() => localStorage.getItem('fieldbook.schedule.dayStart'))).toBe(
      '12:00',
    );

    // Another person's new job shows within a moment.
    await makeJob('live', 'Live visit', '2026-12-11T09:00');
    await eventOf(page, 'live').waitFor({ timeout: 20_000 });

    // Next, previous, today; the views; all in the address.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/date=2026-12-14/);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.waitForURL(/date=2026-12-07/);
    await page.getByText('Month', { exact: true }).click();
    await page.waitForURL(/cal=dayGridMonth/);
    await page.getByText('List', { exact: true }).click();
    await page.waitForURL(/cal=listWeek/);
    await page.getByText('Leaking tap').first().waitFor();
    await page.getByText('Day', { exact: true }).click();
    await page.waitForURL(/cal=timeGridDay/);
    await page.getByText('Week', { exact: true }).click();
    await page.waitForURL(/cal=timeGridWeek/);
    // Today, from a week far from it: the address moves to the week that holds today
    // (weeks start on Monday; 2026-12-07 is one).
    await page.goto('/calendar?date=2020-01-06&cal=timeGridWeek');
    await expect.poll(() => page.getByTestId('calendar-title').textContent()).toContain('2020');
    await page.getByRole('button', { name: 'Today' }).click();
    const today = todayIn('Africa/Johannesburg');
    const monday = addDays(today, -(((daysBetween('2026-12-07', today) % 7) + 7) % 7));
    await page.waitForURL(new RegExp(`date=${monday}&cal=timeGridWeek`));
    await page.goto('/calendar?date=2026-12-07&cal=timeGridWeek');

    // A refused move (the server's 400) puts the event back and shows the server's message.
    const saves = `**/api/companies/${cid}/appointments`;
    await page.route(saves, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 400, json: { error: 'This job cannot move now' } })
        : route.continue(),
    );
    await eventOf(page, 'tap').scrollIntoViewIfNeeded();
    const to = await slotPoint(page, '2026-12-09', '11:00');
    const was = (await eventOf(page, 'tap').boundingBox())!;
    await mouseDrag(page, { x: was.x + was.width / 2, y: was.y + 4 }, to);
    await page.getByText('This job cannot move now').waitFor();
    await expect
      .poll(async () => {
        const now = (await eventOf(page, 'tap').boundingBox())!;
        return Math.abs(now.x - was.x) + Math.abs(now.y - was.y);
      })
      .toBeLessThan(2);
    await page.unroute(saves);
    const tap = await stored('tap', () => true);
    expect(ms(tap.startDate)).toBe(zoned('2026-12-08T10:00'));

    // A click opens the job; Back closes it and keeps the week.
    await eventOf(page, 'tap').click();
    await page.getByRole('dialog', { name: `Job ${jobs.tap!.number}` }).waitFor();
    await page.goBack();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(page.url()).toContain('date=2026-12-07');
    await eventOf(page, 'tap').waitFor();
  }, 240_000);

  it("the client's Calendar tab shows the client's jobs and New job makes one for them", async () => {
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => shot(page, 'failed-client'));
    await signIn(page, 'thandi', 'owner password 1');
    await page.goto(`/clients/${clientId}`);
    await page.getByRole('tab', { name: 'Details' }).waitFor();
    const tabs = await page.getByRole('tab').allTextContents();
    expect(tabs).toEqual(['Details', 'Calendar', 'Account']);
    await page.getByRole('tab', { name: 'Calendar' }).click();
    await page.waitForURL(/tab=calendar/);
    // A month to begin with; December holds the tap job.
    while (!(await page.getByTestId('calendar-title').textContent())?.includes('December 2026'))
      await page.getByRole('button', { name: 'Next' }).click();
    await eventOf(page, 'tap').waitFor();
    await shot(page, 'client-calendar-desktop');
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);

    const before = (await owner.api.get(`${url()}?entityId=${clientId}`)).body.length;
    await page.getByRole('button', { name: 'New job' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Fault description').fill('New fence post');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => (await owner.api.get(`${url()}?entityId=${clientId}`)).body.length)
      .toBe(before + 1);
  }, 240_000);

  it('at 390 x 844: day view, wraps without sideways overflow', async () => {
    const { page } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'failed-calendar-phone'));
    await signIn(page, 'thandi', 'owner password 1');
    await page.goto('/calendar?date=2026-12-08');
    await eventOf(page, 'tap').waitFor();
    expect(await page.getByRole('radio', { name: 'Week' }).count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'calendar-phone-day');
    await page.getByText('List', { exact: true }).click();
    await page.waitForURL(/cal=listWeek/);
    await page.getByText('Leaking tap').first().waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'calendar-phone-list');
    await page.goto(`/clients/${clientId}?tab=calendar`);
    await page.getByTestId('job-calendar').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'client-calendar-phone');
  }, 240_000);

  it('runs under the Content-Security-Policy without a refusal', async () => {
    const { page } = await e.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Refused to|Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await signIn(page, 'thandi', 'owner password 1');
    await page.goto('/calendar?date=2026-12-07&cal=timeGridWeek');
    await eventOf(page, 'tap').waitFor();
    await page.getByText('Month', { exact: true }).click();
    await page.waitForURL(/cal=dayGridMonth/);
    await page.goto(`/clients/${clientId}?tab=calendar`);
    await page.getByTestId('job-calendar').waitFor();
    expect(refused).toEqual([]);
  }, 240_000);
});
