import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BULK_ENQUEUED } from '@fieldbook/core';
import { startDelivery, type Delivery } from '../../src/areas/delivery/delivery-workers.js';
import { INVOICE_EMAIL } from '../../src/areas/delivery/delivery.queue.js';
import { queueJobs } from '../../src/db/schema/index.js';
import type { CompanyEvent } from '../../src/platform/events.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let clientId: string;
let delivery: Delivery | null = null;
const events: CompanyEvent[] = [];

const bulkUrl = (c = cid) => `/api/companies/${c}/invoices/bulkemail`;
const getInvoice = async (id: string) =>
  (await owner.api.get(`/api/companies/${cid}/invoices/${id}`)).body;
const invoiceJobs = (id: string) =>
  h.deps.database.db
    .select()
    .from(queueJobs)
    .where(and(eq(queueJobs.kind, INVOICE_EMAIL), eq(queueJobs.companyId, cid)))
    .then((rows) => rows.filter((j) => (j.payload as { invoiceId: string }).invoiceId === id));

/** Waits for `check`; the deadline is a hang guard (printing the PDFs on a loaded machine). */
async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 90_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// The worker is started by the tests that need it, so the others can see the queued state.
const startWorkers = async () => (delivery = await startDelivery(h.deps, { scheduler: false }));

beforeAll(async () => {
  h = await startHarness();
  h.deps.events.on((e) => events.push(e));
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  await setCompany(owner.api, cid, { companyName: 'Bulk Co', EmailAddress: 'office@bulk.test' });
  clientId = await buildClient(owner.api, cid, { email: 'client@example.test' });
});
afterEach(async () => {
  await delivery?.stop();
  delivery = null;
});
afterAll(() => h.close());

describe('POST /invoices/bulkemail', { timeout: 120_000 }, () => {
  it('queues every invoice (rows show Sending...), then the worker sends each once and records it', async () => {
    const invs = await Promise.all(
      [1, 2, 3].map((n) =>
        buildInvoice(owner.api, cid, clientId, { toEmail: `payer${n}@example.test` }),
      ),
    );
    const ids = invs.map((i) => i._id as string);
    events.length = 0;
    const r = await owner.api.post(bulkUrl(), { ids: [...ids, ids[0]] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ message: BULK_ENQUEUED });
    for (const id of ids) {
      expect(await getInvoice(id)).toMatchObject({ queuedForSending: true, sent: null });
      expect(await invoiceJobs(id)).toHaveLength(1); // listed twice, queued once
    }
    expect(events).toEqual([{ companyId: cid, name: 'invoicesChanged', ids }]);

    await startWorkers();
    await until(
      async () => (await Promise.all(ids.map(getInvoice))).every((i) => i.sent),
      'all sent',
    );
    for (const [n, id] of ids.entries()) {
      const inv = await getInvoice(id);
      expect(inv).toMatchObject({ queuedForSending: false, queuedForSendingError: null });
      expect(inv.emails).toEqual([{ to: `payer${n + 1}@example.test`, date: expect.any(String) }]);
      const mails = h.mail.mails.filter((m) => m.headers['x-fieldbook-invoice'] === id);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to).toBe(`payer${n + 1}@example.test`);
      expect(mails[0]!.replyTo).toBe('office@bulk.test');
      expect(mails[0]!.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
      expect(mails[0]!.text).toMatch(/\/view\/c\/.+\/i\/[0-9a-f]{64}/);
      expect(events).toContainEqual({ companyId: cid, name: 'invoicesChanged', ids: [id] });
    }
  });

  it('queues nothing more for an invoice still queued, and sends it again once it went', async () => {
    const inv = await buildInvoice(owner.api, cid, clientId, { toEmail: 'again@example.test' });
    // A double click: the second request finds it queued already.
    const [a, b] = await Promise.all([
      owner.api.post(bulkUrl(), { ids: [inv._id] }),
      owner.api.post(bulkUrl(), { ids: [inv._id] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await invoiceJobs(inv._id)).toHaveLength(1);
    await startWorkers();
    await until(async () => (await getInvoice(inv._id)).emails.length === 1, 'the first send');
    // Sent: a new request is a new send.
    await owner.api.post(bulkUrl(), { ids: [inv._id] });
    expect(await invoiceJobs(inv._id)).toHaveLength(2);
    await until(async () => (await getInvoice(inv._id)).emails.length === 2, 'the second send');
    await new Promise((r) => setTimeout(r, 300));
    const mails = h.mail.mails.filter((m) => m.headers['x-fieldbook-invoice'] === inv._id);
    expect(mails).toHaveLength(2);
  });

  it('fails an invoice without an address at once, with the error on the row', async () => {
    const inv = await buildInvoice(owner.api, cid, clientId, { toEmail: '' });
    events.length = 0;
    await owner.api.post(bulkUrl(), { ids: [inv._id] });
    await startWorkers();
    await until(async () => !(await getInvoice(inv._id)).queuedForSending, 'the failure');
    const row = await getInvoice(inv._id);
    expect(row.queuedForSendingError).toMatch(/has no e-mail address/);
    expect(row.sent).toBeNull();
    const [job] = await invoiceJobs(inv._id);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    expect(events.filter((e) => e.ids.includes(inv._id))).toHaveLength(2); // queued, failed
  });

  it('queues nothing unless every id is an invoice of this company (404)', async () => {
    const mine = await buildInvoice(owner.api, cid, clientId);
    const other = await buildCompany(h);
    const theirs = await buildInvoice(
      other.owner.api,
      other.id,
      await buildClient(other.owner.api, other.id),
    );
    for (const ids of [
      [mine._id, theirs._id],
      [mine._id, randomUUID()],
      [mine._id, 'nope'],
    ]) {
      const r = await owner.api.post(bulkUrl(), { ids });
      expect(r.status, JSON.stringify(ids)).toBe(404);
    }
    expect(await invoiceJobs(mine._id)).toEqual([]);
    expect((await getInvoice(mine._id)).queuedForSending).toBe(false);
    // The other company's owner cannot use our company path either.
    expect((await other.owner.api.post(bulkUrl(), { ids: [mine._id] })).status).toBe(404);
  });

  it('answers 400 naming ids for an empty list, 401 without a token, 403 without invoices u', async () => {
    const bad = await owner.api.post(bulkUrl(), { ids: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('ids');
    const inv = await buildInvoice(owner.api, cid, clientId);
    expect((await anonymous(h).post(bulkUrl(), { ids: [inv._id] })).status).toBe(401);
    const reader = await buildMember(h, cid, { invoices: { r: true } });
    expect((await reader.api.post(bulkUrl(), { ids: [inv._id] })).status).toBe(403);
  });
});
