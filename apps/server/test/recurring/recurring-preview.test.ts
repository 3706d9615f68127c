import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../src/db/schema/index.js';
import { buildCompany, buildMember } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { pdfText } from '../support/pdf-text.js';
import { allRights } from '@fieldbook/core';

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let other: Awaited<ReturnType<typeof buildCompany>>;
let itemId: string;
const preview = (cid: string, id: string) =>
  `/api/companies/${cid}/recurring/invoice/${id}/download`;

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  other = await buildCompany(h);
  const clientId = await buildClient(co.owner.api, co.id, { name: 'Preview', surname: 'Client' });
  const r = await co.owner.api.post(`/api/companies/${co.id}/recurring/invoices`, {
    startDate: '2030-11-01',
    recurringType: 'month',
    dayOfMonth: 15,
    entityId: clientId,
    descriptions: [line({ description: 'Monthly garden service', price: 432.1 })],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  itemId = r.body._id;
});
afterAll(() => h.close());

describe('GET /recurring/invoice/{id}/download', () => {
  it('prints the invoice of the next run and saves nothing', async () => {
    const before = await h.deps.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.companyId, co.id));
    const r = await co.owner.api.get(preview(co.id, itemId));
    expect(r.status, String(r.body)).toBe(200);
    expect(String(r.headers['content-type'])).toContain('application/pdf');
    const text = await pdfText(r.body as Buffer);
    expect(text).toContain('Monthly garden service');
    expect(text).toContain('Preview');
    const after = await h.deps.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.companyId, co.id));
    expect(after).toHaveLength(before.length);
  });

  it('answers 404 for another company, 403 without invoices r', async () => {
    expect((await other.owner.api.get(preview(other.id, itemId))).status).toBe(404);
    const m = await buildMember(h, co.id, {
      ...allRights(true),
      invoices: { c: true, u: true, d: true },
    });
    expect((await m.api.get(preview(co.id, itemId))).status).toBe(403);
  });
});
