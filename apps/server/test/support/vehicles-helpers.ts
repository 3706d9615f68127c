import { expect } from 'vitest';
import type { ApiClient, Loose } from './factories.js';

export const carsUrl = (cid: string, rest = '') => `/api/companies/${cid}/cars${rest}`;
export const logUrl = (cid: string, rest = '') => `/api/companies/${cid}/logBook${rest}`;

let n = 0;
export const car = (over: Record<string, unknown> = {}) => ({
  registration: `CA ${100_000 + ++n}`,
  make: 'Toyota',
  model: 'Hilux',
  openingOdometer: 10_000,
  year: 2021,
  ...over,
});

export const trip = (carId: string, driverId: string, over: Record<string, unknown> = {}) => ({
  date: '2026-03-10',
  carId,
  driverId,
  from: 'Office, Sandton',
  to: 'Client, Midrand',
  openingOdometer: 10_000,
  closingOdometer: 10_050,
  business: true,
  reason: 'Geyser installation',
  ...over,
});

/** A saved car (200 expected). */
export async function createCar(api: ApiClient, cid: string, over: Record<string, unknown> = {}) {
  const r = await api.post(carsUrl(cid), car(over));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Loose;
}

/** A saved trip (200 expected). */
export async function createTrip(
  api: ApiClient,
  cid: string,
  body: Record<string, unknown>,
): Promise<Loose> {
  const r = await api.post(logUrl(cid), body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
