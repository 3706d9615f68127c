// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TAppointmentType, TOfflineClient, TOfflinePack } from '@fieldbook/core';
import { jobKeys } from '../query-keys';
import { seedPack } from './pack';

const client: TOfflineClient = {
  _id: 'e1',
  name: 'Lerato',
  surname: 'Dlamini',
  email: 'lerato@example.test',
  phone: '+27 82 555 0199',
  contactNumber: '',
  address: '12 Vygie Street',
};

const pack = (clients: TOfflineClient[]): TOfflinePack => ({
  syncedAt: '2026-12-02T08:00:00.000Z',
  from: '2026-12-02T00:00:00.000Z',
  to: '2026-12-09T23:59:59.999Z',
  jobs: [],
  types: [],
  clients,
  comments: {},
  truncated: false,
});

describe('seedPack', () => {
  it("puts each client's contact where the job modal reads it, the newest pack's winning", () => {
    const qc = new QueryClient();
    seedPack(qc, 'c1', pack([client]));
    expect(qc.getQueryData(jobKeys.client('c1', 'e1'))).toEqual(client);
    seedPack(qc, 'c1', pack([{ ...client, phone: '+27 21 000 1111' }]));
    expect(qc.getQueryData<TOfflineClient>(jobKeys.client('c1', 'e1'))?.phone).toBe(
      '+27 21 000 1111',
    );
    expect(qc.getQueryData(jobKeys.client('c2', 'e1'))).toBeUndefined();
  });
});

describe('seedPack and the job types', () => {
  const type = (id: string, updatedAt: string, name = id) =>
    ({ _id: id, name, updatedAt }) as unknown as TAppointmentType;
  const names = (qc: QueryClient) =>
    qc.getQueryData<TAppointmentType[]>(jobKeys.types('c1'))?.map((t) => t.name);

  it('puts in a type changed or added since the types were read, and keeps an older one', () => {
    const qc = new QueryClient();
    qc.setQueryData(jobKeys.types('c1'), [
      type('t1', '2026-12-02T08:00:00.000Z', 'Repair'),
      type('t2', '2026-12-02T08:00:00.000Z', 'Install'),
    ]);
    seedPack(qc, 'c1', {
      ...pack([]),
      types: [
        type('t1', '2026-12-02T09:00:00.000Z', 'Repair (new workflow)'),
        type('t2', '2026-12-01T08:00:00.000Z', 'Install (older)'),
        type('t3', '2026-12-02T09:00:00.000Z', 'Solar'),
      ],
    });
    expect(names(qc)).toEqual(['Repair (new workflow)', 'Install', 'Solar']);
  });

  it('fills the types when none were read', () => {
    const qc = new QueryClient();
    seedPack(qc, 'c1', { ...pack([]), types: [type('t1', '2026-12-02T09:00:00.000Z')] });
    expect(names(qc)).toEqual(['t1']);
  });
});
