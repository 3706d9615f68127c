import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECIPIENTS } from '@fieldbook/core';
import { startDelivery } from '../../src/areas/delivery/delivery-workers.js';
import { buildApp } from '../../src/app.js';
import { invoices, sendCounts } from '../../src/db/schema/index.js';
import { createCaches } from '../../src/platform/deps.js';
import { ApiClient, buildCompany } from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

const LIMIT = 4;
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ SEND_LIMIT_PER_HOUR: String(LIMIT) });
});
afterAll(() => h.close());

const body = { to: ['ann@example.test'], subject: 'Hello' };

async function company() {
  const { id, owner } = await buildCompany(h);
  const client = await buildClient(owner.api, id, { name: 'Ann', email: 'ann@example.test' });
  const invoice = async (toEmail = 'ann@example.test') =>
    (await buildInvoice(owner.api, id, client, { toEmail }))._id as string;
  const urls = {
    send: (inv: string) => `/api/companies/${id}/invoices/${inv}/email`,
    statement: `/api/companies/${id}/entities/${client}/email`,
    bulk: `/api/companies/${id}/invoices/bulkemail`,
  };
  return { id, owner, client, invoice, urls };
}

const queued = async (ids: string[]) =>
  (await h.deps.database.db.select().from(invoices)).filter(
    (i) => ids.includes(i.id) && i.queuedForSending,
  ).length;

describe('the hourly sending limit', () => {
  it('counts sends now, statements and bulk sends together, per company', async () => {
    const c = await company();
    const inv = await c.invoice();
    expect((await c.owner.api.post(c.urls.send(inv), body)).status).toBe(200);
    expect((await c.owner.api.post(c.urls.statement, body)).status).toBe(200);
    // Two places left: a bulk of three is refused whole, nothing queued.
    const three = [await c.invoice(), await c.invoice(), await c.invoice()];
    const over = await c.owner.api.post(c.urls.bulk, { ids: three });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(
      `Sending limit reached: a company sends at most ${LIMIT} e-mails an hour; 2 more can go this hour`,
    );
    expect(await queued(three)).toBe(0);
    expect((await c.owner.api.post(c.urls.bulk, { ids: three.slice(0, 2) })).status).toBe(200);
    expect(await queued(three)).toBe(2);
    const now = await c.owner.api.post(c.urls.send(inv), body);
    expect(now.status).toBe(429);
    expect(now.body.error).toBe(
      `Sending limit reached: a company sends at most ${LIMIT} e-mails an hour`,
    );
    expect((await c.owner.api.post(c.urls.statement, body)).status).toBe(429);
    // Another company has its own count.
    const other = await company();
    expect((await other.owner.api.post(other.urls.send(await other.invoice()), body)).status).toBe(
      200,
    );
    const [row] = await h.deps.database.db
      .select()
      .from(sendCounts)
      .where(eq(sendCounts.companyId, c.id));
    expect(row?.count).toBe(LIMIT);
  });

  it('counts invitation e-mails in the same limit', async () => {
    const c = await company();
    const invite = (n: number) =>
      c.owner.api.post('/api/people/invite', {
        companyId: c.id,
        email: `hire${n}@example.test`,
        name: 'In',
        surname: 'Vitee',
      });
    for (let i = 0; i < LIMIT - 1; i++) expect((await invite(i)).status).toBe(200);
    expect((await c.owner.api.post(c.urls.send(await c.invoice()), body)).status).toBe(200);
    const over = await invite(LIMIT);
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(
      `Sending limit reached: a company sends at most ${LIMIT} e-mails an hour`,
    );
    expect(h.mail.mails.filter((m) => m.to.includes(`hire${LIMIT}@example.test`))).toEqual([]);
  });

  it('holds across processes: a second server on the same database sees the count', async () => {
    const c = await company();
    const second = await buildApp({ ...h.deps, caches: createCaches() });
    await second.ready();
    try {
      const inv = await c.invoice();
      const secondApi = new ApiClient({ ...h, app: second }, c.owner.username, c.owner.token);
      for (let i = 0; i < LIMIT; i++)
        expect((await (i % 2 ? secondApi : c.owner.api).post(c.urls.send(inv), body)).status).toBe(
          200,
        );
      expect((await secondApi.post(c.urls.send(inv), body)).status).toBe(429);
      expect((await c.owner.api.post(c.urls.send(inv), body)).status).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('recipients', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => `r${i}@example.test`);

  it(`at most ${MAX_RECIPIENTS} per message (400 naming to)`, async () => {
    const c = await company();
    const inv = await c.invoice();
    const r = await c.owner.api.post(c.urls.send(inv), { ...body, to: many(11) });
    expect(r.status).toBe(400);
    expect(r.body.fields.to).toBe(`has more than ${MAX_RECIPIENTS} recipients`);
    expect((await c.owner.api.post(c.urls.send(inv), { ...body, to: many(10) })).status).toBe(200);
  });

  it("an invoice's toEmail holds only addresses, at most 10 (400 naming toEmail)", async () => {
    const c = await company();
    const save = (toEmail: string) =>
      c.owner.api.post(`/api/companies/${c.id}/invoices`, {
        invoiceDate: '2026-11-02',
        dueDate: '2026-11-09',
        entityId: c.client,
        descriptions: [{ description: 'Labour', qty: 1, price: 100 }],
        toEmail,
      });
    const tooMany = await save(many(11).join('; '));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields.toEmail).toBe(`has more than ${MAX_RECIPIENTS} recipients`);
    const bad = await save('ann@example.test; <script>; bob@example.test');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.toEmail).toBe('has <script>, which is not an e-mail address');
    expect((await save(many(10).join(', '))).status).toBe(200);
    expect((await save('')).status).toBe(200);
  });

  it('a bulk send of an invoice stored with bad or too many addresses fails it, sending nothing', async () => {
    const c = await company();
    const bad = await c.invoice();
    const crowd = await c.invoice();
    const db = h.deps.database.db;
    await db
      .update(invoices)
      .set({ toEmail: 'ann@example.test, nope' })
      .where(eq(invoices.id, bad));
    await db
      .update(invoices)
      .set({ toEmail: many(25).join(';') })
      .where(eq(invoices.id, crowd));
    expect((await c.owner.api.post(c.urls.bulk, { ids: [bad, crowd] })).status).toBe(200);
    const delivery = await startDelivery(h.deps, { scheduler: false });
    try {
      const deadline = Date.now() + 20_000;
      while ((await queued([bad, crowd])) > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await delivery.stop();
    }
    const rows = await db.select().from(invoices);
    const error = (id: string) => rows.find((i) => i.id === id)?.queuedForSendingError;
    expect(error(bad)).toMatch(/: nope is not an e-mail address$/);
    expect(error(crowd)).toMatch(/has more than 10 recipients$/);
    const mine = h.mail.mails.filter((m) =>
      [bad, crowd].includes(m.headers['x-fieldbook-invoice'] as string),
    );
    expect(mine).toEqual([]);
  });
});
