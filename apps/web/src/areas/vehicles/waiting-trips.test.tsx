// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import type { TCar, TTripSave } from '@fieldbook/core';
import { offlineDb } from '../../api/offline/offline-db';
import { queueTrip } from '../../api/offline/outbox';
import { setSession } from '../../api/session-store';
import { useCarsAsOnThePhone } from './waiting-trips';

vi.mock('../../app/company-context', () => ({ useCurrentCompany: () => ({ companyId: 'c1' }) }));

const car = (id: string, lastOdometer: number): TCar => ({
  _id: id,
  registration: id.toUpperCase(),
  make: 'Toyota',
  model: 'Hilux',
  openingOdometer: 1000,
  year: 2020,
  active: true,
  lastOdometer,
  updatedAt: '2026-12-01T08:00:00.000Z',
});
const trip = (carId: string, opening: number, closing: number): TTripSave => ({
  date: '2026-12-02',
  carId,
  driverId: 'u1',
  from: 'Office',
  to: 'Client',
  openingOdometer: opening,
  closingOdometer: closing,
  business: true,
  reason: 'Site visit',
  jobId: null,
});

describe('the cars as the phone knows them', () => {
  it("raise a car's odometer to the trips waiting on the phone, for that car and company only", async () => {
    setSession({
      token: 't',
      user: { _id: `u-${crypto.randomUUID()}`, username: 'tech' } as never,
    });
    const cars = [car('a', 5000), car('b', 7000)];
    const { result } = renderHook(() => useCarsAsOnThePhone(cars));
    expect(result.current.map((c) => c.lastOdometer)).toEqual([5000, 7000]);

    await queueTrip('c2', trip('b', 7000, 9000));
    await queueTrip('c1', trip('a', 5000, 5040));
    await queueTrip('c1', trip('a', 5040, 5075));
    await waitFor(() => expect(result.current[0]!.lastOdometer).toBe(5075));
    // Another company's trip (kept before these) does not move this company's car b.
    expect(result.current[1]).toBe(cars[1]);
  });

  it('leaves out a trip the server refused for its own fault', async () => {
    setSession({
      token: 't',
      user: { _id: `u-${crypto.randomUUID()}`, username: 'tech' } as never,
    });
    const cars = [car('a', 5000)];
    const { result } = renderHook(() => useCarsAsOnThePhone(cars));
    await queueTrip('c1', trip('a', 5000, 50_750));
    await waitFor(() => expect(result.current[0]!.lastOdometer).toBe(50_750));
    const [kept] = await offlineDb()!.outbox.toArray();
    await offlineDb()!.outbox.update(kept!.seq!, { state: 'failed', message: 'Too far' });
    await waitFor(() => expect(result.current[0]!.lastOdometer).toBe(5000));
  });
});
