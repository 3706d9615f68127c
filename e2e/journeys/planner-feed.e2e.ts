import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, todayIn, weekStart } from '@fieldbook/core';
import {
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';
import { buildJob, buildType } from '../../apps/server/test/support/jobs-helpers.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { axeFindings, describeFindings } from '../support/axe.js';
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';
import { screenshot } from '../support/screenshot.js';

/** The screenshots the brief asks for, opened and checked by eye. */
const ZONE = 'Africa/Johannesburg';

let e: E2E;
let owner: TestUser;
let tech: TestUser;
let cid: string;
/** Next week's Wednesday and Thursday (company time): inside the feed's 12 weeks. */
let wed: string;
let thu: string;
const jobs: Record<string, { _id: string; appointmentNumber: string }> = {};

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'lerato', password: 'owner password 1' });
  cid = (await buildCompany(e.h, owner)).id;
  tech = await buildMember(e.h, cid, { appointments: { r: true, u: true }, clients: { r: true } });
  const type = await buildType(owner.api, cid);
  const entityId = await buildClient(owner.api, cid, { name: 'Naledi', surname: 'Mokoena' });
  wed = addDays(weekStart(todayIn(ZONE)), 9);
  thu = addDays(wed, 1);
  const base = { appointmentTypeId: type._id, hasSchedule: true, status: 'New', entityId };
  const timed = (day: string, from: string, to: string) => ({
    isAllDayEvent: false,
    startDate: `${day}T${from}:00+02:00`,
    endDate: `${day}T${to}:00+02:00`,
  });
  jobs.late = await buildJob(owner.api, cid, {
    ...base,
    ...timed(wed, '11:00', '12:00'),
    userId: tech.id,
    faultDescription: 'Dripping tap in the kitchen',
  });
  jobs.early = await buildJob(owner.api, cid, {
    ...base,
    ...timed(wed, '08:00', '09:30'),
    userId: tech.id,
    faultDescription: 'Geyser burst in the roof',
    address: '12 Long Street, Cape Town',
    priority: 'Critical',
  });
  jobs.allDay = await buildJob(owner.api, cid, {
    ...base,
    isAllDayEvent: true,
    startDate: `${wed}T00:00:00+02:00`,
    endDate: `${addDays(wed, 1)}T00:00:00+02:00`,
    assignedUsers: [tech.id],
    faultDescription: 'Annual service',
  });
  jobs.others = await buildJob(owner.api, cid, {
    ...base,
    ...timed(wed, '09:00', '10:00'),
    userId: owner.id,
    faultDescription: 'Not the technician',
  });
  jobs.thursday = await buildJob(owner.api, cid, {
    ...base,
    ...timed(thu, '14:00', '15:00'),
    userId: tech.id,
    faultDescription: 'Blocked drain',
  });
});
afterAll(() => e.close());

async function shot(page: Page, name: string) {
  await screenshot(page, name);
}

/** The feed parsed by ical.js, an iCalendar parser independent of the one that wrote it. */
async function fetchFeed(url: string) {
  const r = await fetch(url);
  if (r.status !== 200) return { status: r.status, events: [] as ICAL.Event[] };
  expect(r.headers.get('content-type')).toMatch(/^text\/calendar/);
  const cal = new ICAL.Component(ICAL.parse(await r.text()));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return { status: 200, events: cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

const feedUrl = (page: Page) => page.getByLabel('Feed URL').inputValue();
const uid = (key: string) => `${jobs[key]!._id}@fieldbook`;
const plannerUrl = (span: 'day' | 'week', date: string) =>
  `/statuses?view=planner&users=${tech.id}&date=${date}${span === 'week' ? '&span=week' : ''}`;
/** The planner's rows as the user reads them: time and job number. */
const rows = async (page: Page) =>
  (await page.getByTestId('planner-job').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());

describe('the private calendar feed', () => {
  it('is turned on in /settings, subscribed to, given a new URL and turned off', async () => {
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => shot(page, 'feed-failed'));
    await signIn(page, tech.username, tech.password);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Calendar feed' });
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByLabel('Feed URL').waitFor();
    const first = await feedUrl(page);
    expect(first).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await card.getByText(/Google Calendar/).waitFor();
    await shot(page, 'feed-desktop-on');

    const feed = await fetchFeed(first);
    expect(feed.status).toBe(200);
    const byUid = new Map(feed.events.map((ev) => [ev.uid, ev]));
    expect([...byUid.keys()].sort()).toEqual(
      [uid('early'), uid('late'), uid('allDay'), uid('thursday')].sort(),
    );
    const early = byUid.get(uid('early'))!;
    // 08:00 in Johannesburg is 06:00Z.
    expect(early.startDate.toJSDate().toISOString()).toBe(`${wed}T06:00:00.000Z`);
    expect(early.summary).toBe(
      `${jobs.early!.appointmentNumber} · Naledi Mokoena: Geyser burst in the roof`,
    );
    expect(early.location).toBe('12 Long Street, Cape Town');
    const allDay = byUid.get(uid('allDay'))!;
    expect(allDay.startDate.isDate).toBe(true);
    expect(allDay.startDate.toString()).toBe(wed);

    // A new URL: the old one stops at once.
    await card.getByRole('button', { name: 'New URL' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make a new URL' }).click();
    await expect.poll(() => feedUrl(page)).not.toBe(first);
    const second = await feedUrl(page);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    // After a reload the same URL is shown again.
    await page.reload();
    await page.getByLabel('Feed URL').waitFor();
    expect(await feedUrl(page)).toBe(second);

    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByRole('button', { name: 'Turn on' }).waitFor();
    expect(await card.getByLabel('Feed URL').count()).toBe(0);
    expect((await fetchFeed(second)).status).toBe(404);
  });

  it('works on a phone: the URL, Copy and the buttons fit', async () => {
    const { page } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'feed-failed-phone'));
    await signIn(page, tech.username, tech.password);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Calendar feed' });
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByLabel('Feed URL').waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'feed-phone-on');
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);
    expect((await fetchFeed(await feedUrl(page))).status).toBe(200);
  });
});

describe("a technician's planner", () => {
  it('the office sees one day in order with times, opens a job, then the week', async () => {
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => shot(page, 'planner-failed'));
    await signIn(page, 'lerato', 'owner password 1');
    await page.goto(plannerUrl('day', wed));
    const planner = page.getByTestId('planner');
    await planner.getByTestId('planner-job').first().waitFor();
    expect(await planner.getByTestId('planner-title').innerText()).toContain(wed);
    const day = await rows(page);
    expect(day).toHaveLength(3);
    expect(day[0]).toMatch(
      new RegExp(`^All day ${jobs.allDay!.appointmentNumber} · Naledi Mokoena`),
    );
    expect(day[1]).toMatch(
      new RegExp(`^08:00–09:30 ${jobs.early!.appointmentNumber} · Naledi Mokoena`),
    );
    expect(day[1]).toContain('Geyser burst in the roof');
    expect(day[1]).toContain('12 Long Street, Cape Town');
    expect(day[2]).toMatch(new RegExp(`^11:00–12:00 ${jobs.late!.appointmentNumber}`));
    expect(day.join(' ')).not.toContain('Not the technician');
    // The Critical row's wide priority stripe does not push its text right.
    const timeX = async (i: number) =>
      (await planner.getByTestId('planner-time').nth(i).boundingBox())!.x;
    expect(await timeX(1)).toBe(await timeX(0));
    expect(await timeX(2)).toBe(await timeX(0));
    await shot(page, 'planner-desktop-day');

    // Enter on a job opens it.
    await planner
      .getByRole('button', { name: new RegExp(`^08:00–09:30 ${jobs.early!.appointmentNumber} `) })
      .press('Enter');
    const modal = page.getByRole('dialog', { name: `Job ${jobs.early!.appointmentNumber}` });
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // The week: each day a heading, Thursday's job under Thursday, empty days say so.
    await planner.getByText('Week', { exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('span') === 'week');
    expect(new URL(page.url()).searchParams.get('date')).toBe(weekStart(wed));
    const thursday = planner.getByRole('region', { name: new RegExp(thu) });
    await thursday.getByTestId('planner-job').waitFor();
    expect(await thursday.getByTestId('planner-job').innerText()).toContain('14:00–15:00');
    expect(await planner.getByRole('heading', { level: 3 }).count()).toBe(7);
    expect(await planner.getByTestId('planner-job').count()).toBe(4);
    expect(await planner.getByTestId('planner-empty').count()).toBe(5);
    await shot(page, 'planner-desktop-week');
  });

  it('the technician walks through the days on a phone', async () => {
    const { page } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'planner-failed-phone'));
    await signIn(page, tech.username, tech.password);
    await page.goto(plannerUrl('day', wed));
    const planner = page.getByTestId('planner');
    await planner.getByTestId('planner-job').first().waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    const box = (await planner.getByTestId('planner-job').first().boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await shot(page, 'planner-phone-day');
    const findings = await axeFindings(page);
    expect(findings, describeFindings(findings)).toEqual([]);

    await planner.getByRole('button', { name: 'Next day' }).tap();
    await page.waitForURL((u) => u.searchParams.get('date') === thu);
    await expect
      .poll(() => rows(page))
      .toEqual([
        expect.stringMatching(new RegExp(`^14:00–15:00 .*${jobs.thursday!.appointmentNumber} ·`)),
      ]);
    await planner.getByRole('button', { name: 'Previous day' }).tap();
    await planner.getByRole('button', { name: 'Previous day' }).tap();
    await page.waitForURL((u) => u.searchParams.get('date') === addDays(wed, -1));
    await planner.getByText('No jobs planned for this day.').waitFor();
    await shot(page, 'planner-phone-empty');
  });
});
