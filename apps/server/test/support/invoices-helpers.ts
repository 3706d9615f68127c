import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { vatTax, type TInvoiceSave } from '@fieldbook/core';
import { clients, invoices, items, numberCounters } from '../../src/db/schema/index.js';
import type { ApiClient, Loose } from './factories.js';
import { line } from './finance-factories.js';
import type { Harness } from './harness.js';

/** Helpers shared by the invoices test files. */

export const invoicesUrl = (cid: string) => `/api/companies/${cid}/invoices`;

/** A whole document as the browser posts it. */
export const doc = (entityId: string, over: Partial<TInvoiceSave> = {}): TInvoiceSave => ({
  invoiceDate: '2026-11-02',
  dueDate: '2026-11-09',
  entityId,
  descriptions: [line()],
  ...over,
});

export async function save(api: ApiClient, cid: string, body: unknown) {
  return api.post(invoicesUrl(cid), body);
}

/** Save, expect 200, and answer the stored document. */
export async function saveAndGet(api: ApiClient, cid: string, body: unknown): Promise<Loose> {
  const r = await save(api, cid, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const got = await api.get(`${invoicesUrl(cid)}/${r.body._id}`);
  expect(got.status).toBe(200);
  return { ...got.body, savedItems: r.body.savedItems };
}

/** Row counts of what an invoice save can write, to prove a refused save wrote nothing. */
export async function counts(h: Harness, cid: string) {
  const db = h.deps.database.db;
  const [inv, its, counters, outstanding] = await Promise.all([
    db.$count(invoices, eq(invoices.companyId, cid)),
    db.$count(items, eq(items.companyId, cid)),
    db
      .select()
      .from(numberCounters)
      .where(eq(numberCounters.companyId, cid))
      .orderBy(numberCounters.kind, numberCounters.scope),
    db
      .select({ id: clients.id, o: clients.outstanding })
      .from(clients)
      .where(eq(clients.companyId, cid))
      .orderBy(clients.id),
  ]);
  return { invoices: inv, items: its, counters, outstanding };
}

/** A client's stored outstanding, as a number. */
export async function outstanding(h: Harness, clientId: string): Promise<number> {
  const [row] = await h.deps.database.db
    .select({ o: clients.outstanding })
    .from(clients)
    .where(eq(clients.id, clientId));
  return Number(row!.o);
}

/** VAT 15 %: exclusive unless told otherwise. */
export const vat = vatTax;

/** Change company settings through the API (needs settings.u, the owner has it). */
export async function setCompany(api: ApiClient, cid: string, patch: Record<string, unknown>) {
  const r = await api.post(`/api/companies/${cid}`, { companyName: 'Fieldbook Test Co', ...patch });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
