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
import { newSizedPage, sidewaysOverflow } from '../support/viewport.js';
import { screenshot } from '../support/screenshot.js';
import { keysHeardAfterPickUp } from '../support/settled.js';

/** The screenshots the brief asks for, opened and checked by eye. */
const ZONE = 'Africa/Johannesburg';

let e: E2E;
let owner: TestUser;
let tech: TestUser;
let cid: string;
let day: string;
const ids: string[] = [];
let unverified = '';

/** 14 places spread across Cape Town (a fixed scatter, not random: the same route each run). */
const PLACES = Array.from({ length: 14 }, (_, i) => ({
  lat: -33.88 - ((i * 37) % 14) * 0.012,
  lng: 18.42 + ((i * 53) % 14) * 0.015,
}));

beforeAll(async () => {
  e = await startE2E();
  owner = await buildUser(e.h, { username: 'thandi', password: 'owner password 1' });
  cid = (await buildCompany(e.h, owner)).id;
  tech = await buildMember(e.h, cid, { appointments: { r: true, u: true }, clients: { r: true } });
  const type = await buildType(owner.api, cid);
  const entityId = await buildClient(owner.api, cid, { name: 'Sipho', surname: 'Dlamini' });
  day = addDays(weekStart(todayIn(ZONE)), 9);
  const at = (i: number) =>
    `${day}T${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00+02:00`;
  for (const [i, p] of PLACES.entries()) {
    const job = await buildJob(owner.api, cid, {
      appointmentTypeId: type._id,
      hasSchedule: true,
      status: 'New',
      entityId,
      userId: tech.id,
      isAllDayEvent: false,
      startDate: at(i),
      endDate: at(i + 1),
      faultDescription: `Stop ${i + 1}`,
      // A job's own position counts only with its own address.
      address: `${i + 1} Main Road, Cape Town`,
      googlePosition: p,
    });
    ids.push(job._id as string);
  }
  unverified = (
    await buildJob(owner.api, cid, {
      appointmentTypeId: type._id,
      hasSchedule: true,
      status: 'New',
      entityId,
      userId: tech.id,
      isAllDayEvent: false,
      startDate: `${day}T16:00:00+02:00`,
      endDate: `${day}T17:00:00+02:00`,
      faultDescription: 'Somewhere unknown',
    })
  )._id as string;
});
afterAll(() => e.close());

async function shot(page: Page, name: string) {
  await screenshot(page, name);
}
const plannerUrl = () => `/statuses?view=planner&users=${tech.id}&date=${day}`;
const routeUrl = () => `/statuses?view=route&users=${tech.id}&date=${day}`;

/** The list's rows as read: place, times and the job's id. */
async function rows(page: Page) {
  const stops = page.getByTestId('route-stop');
  const n = await stops.count();
  const out: { id: string; place: string; time: string }[] = [];
  for (let i = 0; i < n; i++) {
    const s = stops.nth(i);
    out.push({
      id: (await s.getAttribute('data-id'))!,
      place: (await s.getByTestId('route-place').innerText()).trim(),
      time: (await s.getByTestId('route-time').innerText()).trim(),
    });
  }
  return out;
}
const km = async (page: Page, id: string) =>
  Number((await page.getByTestId(id).innerText()).replace(/[^\d.]/g, ''));

/** The jobs' start times as the API has them. */
async function starts() {
  const from = new Date(`${day}T00:00:00+02:00`).toISOString();
  const to = new Date(`${addDays(day, 1)}T00:00:00+02:00`).toISOString();
  const r = await owner.api.get(
    `/api/companies/${cid}/appointments/cards?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
  );
  expect(r.status).toBe(200);
  return new Map((r.body as { _id: string; startDate: string }[]).map((c) => [c._id, c.startDate]));
}

/** The routed rows' start times rise from the first one. */
function expectRising(list: { time: string }[], first: string) {
  const times = list.map((r) => r.time.slice(0, 5));
  expect(times[0]).toBe(first);
  for (let i = 1; i < times.length; i++) expect(times[i]! > times[i - 1]!).toBe(true);
}

describe("a technician's day of 14 stops on the route screen", () => {
  it('is flagged, optimised, applied, reordered by hand, pinned and undone', async () => {
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => shot(page, 'routes-failed'));
    await signIn(page, owner.username, owner.password);
    await page.goto(plannerUrl());
    await page.getByRole('button', { name: 'Plan route' }).click();
    await page.waitForURL(/view=route/);
    await page.getByTestId('route-stop').nth(14).waitFor();

    // The job without a verified address: flagged, listed, left out.
    expect(await page.getByTestId('route-unverified').count()).toBe(1);
    await expect
      .poll(() => page.getByTestId('route-left-out').innerText())
      .toContain('1 stop has no verified address');
    const flagged = page.locator(`[data-id="${unverified}"]`);
    expect(await flagged.getByTestId('route-place').innerText()).toBe('–');

    await page.getByRole('button', { name: 'Optimise' }).click();
    await page.getByTestId('route-figures').waitFor();
    const before = await km(page, 'before-distance');
    const after = await km(page, 'after-distance');
    expect(after).toBeLessThanOrEqual(before);
    await shot(page, 'routes-desktop-proposal');

    const startsBefore = await starts();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('route-message').getByText('The route was applied.').waitFor();
    await expect.poll(async () => (await rows(page))[0]?.time.slice(0, 5)).toBe('08:00');
    const applied = (await rows(page)).filter((r) => r.place !== '–');
    expect(applied).toHaveLength(14);
    expectRising(applied, '08:00');
    await shot(page, 'routes-desktop-applied');

    // One stop dragged later by hand (the keyboard drag of dnd-kit), then applied: a reload keeps it.
    const moved = applied[1]!.id;
    await page
      .locator(`[data-id="${moved}"]`)
      .getByRole('button', { name: /^Drag / })
      .focus();
    // dnd-kit announces each step in its live region; wait for it before the next key.
    const live = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    await expect.poll(() => live.innerText()).toMatch(/place 2\.$/);
    await keysHeardAfterPickUp(page);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => live.innerText()).toContain(`over place ${3 + i}.`);
    }
    await page.keyboard.press('Space');
    await expect.poll(() => live.innerText()).toContain('dropped in place 5.');
    await expect.poll(async () => (await rows(page))[4]?.id).toBe(moved);
    // The drag is saved at once (sortOrder): a reload before Apply keeps the order.
    await page.getByRole('button', { name: 'Apply' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Apply' }).isEnabled()).toBe(true);
    await page.reload();
    await page.getByTestId('route-stop').nth(14).waitFor();
    await expect.poll(async () => (await rows(page))[4]?.id).toBe(moved);
    // Up and down again for the hand order's times, then Apply.
    const movedRow = page.locator(`[data-id="${moved}"]`);
    await movedRow.getByRole('button', { name: / up$/ }).click();
    await expect.poll(async () => (await rows(page))[3]?.id).toBe(moved);
    await movedRow.getByRole('button', { name: / down$/ }).click();
    await expect.poll(async () => (await rows(page))[4]?.id).toBe(moved);
    await expect.poll(() => page.getByRole('button', { name: 'Apply' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('route-message').getByText('The route was applied.').waitFor();
    await page.reload();
    await page.getByTestId('route-stop').nth(14).waitFor();
    await expect.poll(async () => (await rows(page))[4]?.id).toBe(moved);
    expectRising((await rows(page)).slice(0, 14), '08:00');

    // The last stop pinned first: optimising again keeps it first.
    const last = (await rows(page))[13]!.id;
    const lastRow = page.locator(`[data-id="${last}"]`);
    for (let i = 13; i > 0; i--) {
      await lastRow.getByRole('button', { name: / up$/ }).click();
      await expect.poll(async () => (await rows(page))[i - 1]?.id).toBe(last);
    }
    await expect.poll(async () => (await rows(page))[0]?.id).toBe(last);
    await lastRow.getByRole('switch', { name: 'Pin' }).check({ force: true });
    await page.getByRole('button', { name: 'Optimise' }).click();
    await page.getByTestId('route-figures').waitFor();
    expect((await rows(page))[0]!.id).toBe(last);
    const beforeApply = await starts();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('route-message').getByText('The route was applied.').waitFor();
    expect((await rows(page))[0]!.id).toBe(last);

    // Undo: the times before the last Apply come back, on the screen and in the API.
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByTestId('route-message').getByText('The previous route is back.').waitFor();
    await expect
      .poll(async () => Object.fromEntries(await starts()))
      .toEqual(Object.fromEntries(beforeApply));
    expect(beforeApply).not.toEqual(startsBefore);
    await shot(page, 'routes-desktop-undone');
  });

  it('shows the times of the order on screen, and Undo after a hand move shows the order back', async () => {
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => shot(page, 'routes-undo-failed'));
    await signIn(page, owner.username, owner.password);
    await page.goto(routeUrl());
    await page.getByTestId('route-stop').nth(14).waitFor();
    // The journey above left a hand order (the last stop moved first) whose
    // times were never applied: the times shown are those of that order.
    const routedRows = async () => (await rows(page)).filter((r) => r.place !== '–');
    expectRising(await routedRows(), '08:00');

    // A hand order not applied: after a reload its times still follow the list.
    const second = (await rows(page))[1]!.id;
    await page
      .locator(`[data-id="${second}"]`)
      .getByRole('button', { name: / down$/ })
      .click();
    await expect.poll(async () => (await rows(page))[2]?.id).toBe(second);
    await expect.poll(() => page.getByRole('button', { name: 'Apply' }).isEnabled()).toBe(true);
    expectRising(await routedRows(), '08:00');
    await page.reload();
    await page.getByTestId('route-stop').nth(14).waitFor();
    expect((await rows(page))[2]!.id).toBe(second);
    expectRising(await routedRows(), '08:00');

    // Optimise, Apply, a stop moved by hand, Undo: the order before the Apply is back.
    const served = (await rows(page)).map((r) => r.id);
    await page.getByRole('button', { name: 'Optimise' }).click();
    await page.getByTestId('route-figures').waitFor();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('route-message').getByText('The route was applied.').waitFor();
    const applied = (await rows(page)).map((r) => r.id);
    await page.locator(`[data-id="${applied[2]}"]`).getByRole('button', { name: / up$/ }).click();
    await expect.poll(async () => (await rows(page))[1]?.id).toBe(applied[2]);
    await expect.poll(() => page.getByRole('button', { name: 'Apply' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByTestId('route-message').getByText('The previous route is back.').waitFor();
    await expect.poll(async () => (await rows(page)).map((r) => r.id)).toEqual(served);
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    expectRising(await routedRows(), '08:00');
    await page.reload();
    await page.getByTestId('route-stop').nth(14).waitFor();
    expect((await rows(page)).map((r) => r.id)).toEqual(served);
    await shot(page, 'routes-desktop-undone-hand');
  });

  it('selects a subset of stops with a rectangle on the map', async () => {
    const { page } = await newSizedPage(e, 'desktop');
    onTestFailed(() => shot(page, 'routes-area-failed'));
    await signIn(page, owner.username, owner.password);
    await page.goto(routeUrl());
    await page.getByTestId('route-stop').nth(14).waitFor();
    await page.getByRole('button', { name: 'Select area' }).click();
    const box = (await page.getByTestId('route-map').boundingBox())!;
    await page.mouse.move(box.x + 5, box.y + 5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const ticked = await page.getByRole('checkbox', { name: 'In route', checked: true }).count();
    expect(ticked).toBeGreaterThan(0);
    expect(ticked).toBeLessThan(14);
    await shot(page, 'routes-desktop-area');
  });

  it('applies nothing when the route answer is not OK', async () => {
    const { page } = await newSizedPage(e, 'desktop', { blockServiceWorker: true });
    onTestFailed(() => shot(page, 'routes-notok-failed'));
    await page.route('**/appointments/calculateRoute', (r) =>
      r.fulfill({ json: { status: 'ZERO_RESULTS', routes: [] } }),
    );
    await signIn(page, owner.username, owner.password);
    await page.goto(routeUrl());
    await page.getByTestId('route-stop').nth(14).waitFor();
    const before = await starts();
    await page.getByRole('button', { name: 'Optimise' }).click();
    await page
      .getByTestId('route-message')
      .getByText(/nothing was changed/)
      .waitFor();
    expect(await page.getByTestId('route-figures').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    expect(Object.fromEntries(await starts())).toEqual(Object.fromEntries(before));
  });

  it('works on a phone: list and map tabs, optimise and apply, nothing sideways', async () => {
    const { page } = await newSizedPage(e, 'phone');
    onTestFailed(() => shot(page, 'routes-phone-failed'));
    await signIn(page, owner.username, owner.password);
    await page.goto(`${routeUrl()}&start=9`);
    await page.getByTestId('route-stop').nth(14).waitFor();
    await screenshot(page, 'routes-phone-top', { fullPage: false });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Optimise' }).click();
    await page.getByTestId('route-figures').waitFor();
    await shot(page, 'routes-phone-list');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('route-message').getByText('The route was applied.').waitFor();
    await expect.poll(async () => (await rows(page))[0]?.time.slice(0, 5)).toBe('09:00');
    const up = page.getByRole('button', { name: /up$/ }).nth(1);
    const size = (await up.boundingBox())!;
    expect(Math.min(size.width, size.height)).toBeGreaterThanOrEqual(44);
    await page.getByText('Map', { exact: true }).click();
    await page.getByTestId('route-map').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'routes-phone-map');
  });
});
