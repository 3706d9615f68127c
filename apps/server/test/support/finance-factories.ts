import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TClientSave, TInvoiceSave, TLineInput } from '@fieldbook/core';
import type { ApiClient, Loose } from './factories.js';

const uniq = () => randomUUID().slice(0, 8);

/** A client made through the API; answers its id. */
export async function buildClient(
  api: ApiClient,
  companyId: string,
  over: Partial<TClientSave> = {},
): Promise<string> {
  const r = await api.post(`/api/companies/${companyId}/entities`, {
    name: `Client ${uniq()}`,
    surname: 'Test',
    email: `client-${uniq()}@example.test`,
    ...over,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

export const line = (over: Partial<TLineInput> = {}): TLineInput => ({
  description: 'Labour',
  qty: 1,
  price: 100,
  ...over,
});

/** An invoice (or quote) made through the API; answers the saved invoice. */
export async function buildInvoice(
  api: ApiClient,
  companyId: string,
  entityId: string,
  over: Partial<TInvoiceSave> = {},
): Promise<Loose> {
  const r = await api.post(`/api/companies/${companyId}/invoices`, {
    invoiceDate: '2026-11-02',
    dueDate: '2026-11-09',
    entityId,
    descriptions: [line()],
    ...over,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const got = await api.get(`/api/companies/${companyId}/invoices/${r.body._id}`);
  expect(got.status).toBe(200);
  return got.body;
}
