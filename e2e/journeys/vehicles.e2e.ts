import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { taxYearOf, todayIn } from '@fieldbook/core';
import { buildCompany, buildMember, buildUser } from '../../apps/server/test/support/factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';
import { newSizedPage, sidewaysOverflow, type Size } from '../support/viewport.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e.close());

const PASSWORD = 'log book password 1';
/** `buildMember`'s users have the factories' default password. */
const READER_PASSWORD = 'correct horse battery';

/** Logs a trip through the form; the opening odometer must already be `opening` (the car's last reading). */
async function logTrip(
  page: Page,
  t: {
    business: boolean;
    from: string;
    to: string;
    opening: number;
    closing: number;
    reason?: string;
  },
  shot?: string,
) {
  await page.getByRole('button', { name: 'Log a trip' }).click();
  const form = page.getByRole('dialog', { name: 'Log a trip' });
  await form.waitFor();
  expect(await form.getByLabel('Date').inputValue()).toBe(todayIn('Africa/Johannesburg'));
  expect(await form.getByLabel('Opening odometer (km)').inputValue()).toBe(String(t.opening));
  await form.getByText(t.business ? 'Business' : 'Private', { exact: true }).click();
  await form.getByLabel('From').fill(t.from);
  await form.getByRole('textbox', { name: /^To\b/ }).fill(t.to);
  await form.getByLabel('Closing odometer (km)').fill(String(t.closing));
  if (t.reason) await form.getByLabel('Reason').fill(t.reason);
  await form.getByText(`Distance: ${t.closing - t.opening} km`).waitFor();
  if (shot) await e.shot(page, shot);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('an owner keeping a travel log book', () => {
  for (const size of ['desktop', 'phone'] as Size[]) {
    it(`adds a car, logs a business and a private trip, sees the year and downloads the CSV (${size})`, async () => {
      const owner = await buildUser(e.h, { password: PASSWORD });
      const cid = (await buildCompany(e.h, owner)).id;
      const { page, context } = await newSizedPage(e, size);
      onTestFailed(() => e.shot(page, `failed-vehicles-${size}`));
      await signIn(page, owner.username, PASSWORD);

      if (size === 'desktop') {
        await page.getByRole('navigation', { name: 'Main menu' }).getByText('Log book').click();
        await page.waitForURL((u) => u.pathname === '/logBook');
      } else await page.goto('/logBook');
      await page.getByText('Add a car first').waitFor();

      // A car, through the Cars screen.
      await page.getByRole('link', { name: 'Cars', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/cars');
      await page.getByRole('button', { name: 'Add car' }).click();
      const carForm = page.getByRole('dialog', { name: 'Add car' });
      await carForm.getByLabel('Registration').fill('CA 123-456');
      await carForm.getByRole('button', { name: 'Save' }).click();
      // The contract's words, before any round trip.
      await carForm.getByText('Make is required').waitFor();
      await carForm.getByLabel('Make').fill('Toyota');
      await carForm.getByLabel('Model').fill('Hilux');
      await carForm.getByLabel('Opening odometer (km)').fill('10000');
      await carForm.getByLabel('Year').fill('2021');
      await e.shot(page, `vehicles-car-form-${size}`);
      await carForm.getByRole('button', { name: 'Save' }).click();
      await carForm.waitFor({ state: 'detached' });
      const cars = page.getByRole('table', { name: 'Cars' });
      await cars.getByText('CA 123-456').waitFor();
      await cars.getByText('10 000 km').waitFor();
      await e.shot(page, `vehicles-cars-${size}`);
      expect(await sidewaysOverflow(page)).toBe(0);

      // Two trips: the second opens at the first one's closing reading.
      await page.getByRole('main').getByRole('link', { name: 'Log book' }).click();
      await page.waitForURL((u) => u.pathname === '/logBook');
      await logTrip(
        page,
        {
          business: true,
          from: 'Office, Sandton',
          to: 'Mrs Dlamini, Midrand',
          opening: 10_000,
          closing: 10_050,
          reason: 'Geyser installation',
        },
        `vehicles-trip-form-${size}`,
      );
      await logTrip(page, {
        business: false,
        from: 'Midrand',
        to: 'Home, Randburg',
        opening: 10_050,
        closing: 10_080,
      });

      const trips = page.getByRole('table', { name: 'Trips' });
      await trips.getByText('Geyser installation').waitFor();
      await trips.getByText(/Home, Randburg/).waitFor();
      const summary = page.getByRole('group', { name: 'Summary of CA 123-456' });
      await summary.getByText('2 trips').waitFor();
      await summary.getByText('Business share 62.50 %').waitFor();
      expect(await summary.innerText()).toMatch(
        /Total\s+80 km\s+Business\s+50 km\s+Private\s+30 km/,
      );
      await e.shot(page, `vehicles-log-book-${size}`);
      expect(await sidewaysOverflow(page)).toBe(0);

      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const year = taxYearOf(todayIn('Africa/Johannesburg'));
      expect(file.suggestedFilename()).toMatch(new RegExp(`^log-book-${year}-03-01-`));
      const lines = fs
        .readFileSync((await file.path())!, 'utf8')
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n');
      const today = todayIn('Africa/Johannesburg');
      const driver = `Test ${owner.username}`;
      expect(lines).toEqual([
        'Date;Vehicle;Driver;From;To;Reason;Opening km;Closing km;Total km;Business km;Private km',
        `${today};CA 123-456;${driver};Office, Sandton;Mrs Dlamini, Midrand;Geyser installation;10000;10050;50;50;0`,
        `${today};CA 123-456;${driver};Midrand;Home, Randburg;;10050;10080;30;0;30`,
        'Total;CA 123-456;;;;Business share 62.50 %;10000;10080;80;50;30',
        'Total;All vehicles;;;;;;;80;50;30',
      ]);
      const stored = await owner.api.get(`/api/companies/${cid}/logBook?year=${year}`);
      expect(stored.body.map((t: { kilometres: number }) => t.kilometres)).toEqual([30, 50]);
      await context.close();

      // A member who may only read the expenses area sees a trip, not a form that answers 403.
      const reader = await buildMember(e.h, cid, { expenses: { r: true } });
      const second = await newSizedPage(e, size);
      onTestFailed(() => e.shot(second.page, `failed-vehicles-reader-${size}`));
      await signIn(second.page, reader.username, READER_PASSWORD);
      await second.page.goto('/logBook');
      const rows = second.page.getByRole('table', { name: 'Trips' });
      await rows.getByText('Geyser installation').click();
      const shown = second.page.getByRole('dialog', { name: 'Trip' });
      await shown.waitFor();
      expect(await shown.getByRole('button', { name: 'Save' }).count()).toBe(0);
      expect(await shown.getByLabel('From').getAttribute('readonly')).not.toBeNull();
      await e.shot(second.page, `vehicles-trip-read-only-${size}`);
      await shown.getByRole('button', { name: 'Close', exact: true }).last().click();
      await shown.waitFor({ state: 'detached' });
      expect(await second.page.getByRole('button', { name: 'Log a trip' }).count()).toBe(0);
      await second.context.close();
    });
  }
});

const pick = (o: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]]));

describe('a technician logging trips without signal (issue 24)', () => {
  it('keeps two trips on the phone, the second opening where the first ended, and sends both once', async () => {
    const owner = await buildUser(e.h, { username: 'nomsa', password: PASSWORD });
    const cid = (await buildCompany(e.h, owner)).id;
    const car = await owner.api.post(`/api/companies/${cid}/cars`, {
      registration: 'GP 77-11',
      make: 'Nissan',
      model: 'NP200',
      openingOdometer: 5000,
      year: 2019,
      active: true,
    });
    expect(car.status, JSON.stringify(car.body)).toBe(200);
    const { page, context } = await newSizedPage(e, 'phone');
    onTestFailed(() => e.shot(page, 'failed-vehicles-offline'));
    await signIn(page, 'nomsa', PASSWORD);
    await page.goto('/logBook');
    await page.getByRole('button', { name: 'Log a trip' }).waitFor();

    await context.setOffline(true);
    await page.getByRole('status', { name: 'Offline', exact: true }).waitFor();
    // The list of waiting trips is named by its title.
    const waiting = page.getByRole('status', { name: /wait on this phone|waits on this phone/ });
    const trip = { business: true, from: 'Depot', reason: 'Call-out' };
    await logTrip(page, { ...trip, to: 'Mrs Khumalo, Soweto', opening: 5000, closing: 5040 });
    await waiting.getByText('1 trip waits on this phone').waitFor();
    // The second opens at the first one's closing reading, which only the phone knows.
    await logTrip(page, { ...trip, to: 'Mr Naidoo, Lenasia', opening: 5040, closing: 5075 });
    await waiting.getByText('2 trips wait on this phone').waitFor();
    await e.shot(page, 'vehicles-offline-trips-phone');

    await context.setOffline(false);
    await waiting.waitFor({ state: 'detached' });
    const rows = page.getByRole('table', { name: 'Trips' });
    await rows.getByText('Mr Naidoo, Lenasia').waitFor();
    const year = taxYearOf(todayIn('Africa/Johannesburg'));
    const stored = await owner.api.get(`/api/companies/${cid}/logBook?year=${year}`);
    expect(
      stored.body.map((t: { openingOdometer: number; closingOdometer: number }) => [
        t.openingOdometer,
        t.closingOdometer,
      ]),
    ).toEqual([
      [5040, 5075],
      [5000, 5040],
    ]);
    const cars = await owner.api.get(`/api/companies/${cid}/cars`);
    expect(cars.body[0].lastOdometer).toBe(5075);

    // Offline again, the first trip's destination corrected; the office changes it meanwhile.
    await context.setOffline(true);
    await page.getByRole('status', { name: 'Offline', exact: true }).waitFor();
    await rows.getByText('Mrs Khumalo, Soweto').click();
    const form = page.getByRole('dialog', { name: 'Edit trip' });
    await form.getByRole('textbox', { name: /^To\b/ }).fill('Mrs Khumalo, Orlando West');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const first = stored.body[1] as Record<string, unknown>;
    const office = await owner.api.post(`/api/companies/${cid}/logBook`, {
      ...pick(first, ['_id', 'updatedAt', 'date', 'carId', 'driverId', 'from', 'business']),
      ...pick(first, ['openingOdometer', 'closingOdometer', 'reason', 'jobId']),
      to: 'Khumalo residence',
    });
    expect(office.status, JSON.stringify(office.body)).toBe(200);
    await context.setOffline(false);
    // Refused as changed meanwhile: the technician keeps theirs.
    await page.getByText('1 change needs your attention.').waitFor();
    await waiting.getByText(/Changed elsewhere meanwhile/).waitFor();
    await waiting.getByRole('button', { name: 'Keep mine' }).waitFor();
    await e.shot(page, 'vehicles-offline-keep-mine-phone');
    await waiting.getByRole('button', { name: 'Keep mine' }).click();
    await waiting.waitFor({ state: 'detached' });
    await rows.getByText('Mrs Khumalo, Orlando West').waitFor();
    const after = await owner.api.get(`/api/companies/${cid}/logBook/${first._id as string}`);
    expect(after.body.to).toBe('Mrs Khumalo, Orlando West');
    await context.close();
  });
});
