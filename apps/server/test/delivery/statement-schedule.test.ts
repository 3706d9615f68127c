import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivery } from '../../src/areas/delivery/delivery-workers.js';
import { STATEMENT_EMAIL } from '../../src/areas/delivery/delivery.queue.js';
import { queueMonthlyStatements } from '../../src/areas/delivery/statement-scheduler.js';
import { queueJobs } from '../../src/db/schema/index.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let monthly: string;
let noEmail: string;

const statementJobs = () =>
  h.deps.database.db.select().from(queueJobs).where(eq(queueJobs.kind, STATEMENT_EMAIL));

beforeAll(async () => {
  h = await startHarness();
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  await setCompany(owner.api, cid, { companyName: 'Monthly Co', timeZone: 'Africa/Johannesburg' });
  monthly = await buildClient(owner.api, cid, {
    name: 'Monthly',
    email: 'monthly@example.test',
    autoSendStatement: true,
  });
  noEmail = await buildClient(owner.api, cid, { email: '', autoSendStatement: true });
  await buildClient(owner.api, cid, { email: 'never@example.test' });
  await buildInvoice(owner.api, cid, monthly);
});
afterAll(() => h.close());

describe('the monthly automatic statement', () => {
  it("queues one statement per client and calendar month in the company's zone; clients without e-mail are skipped", async () => {
    // 22:30 UTC on 30 November is already 1 December in Johannesburg (UTC+2).
    const first = await queueMonthlyStatements(h.deps, new Date('2026-11-30T22:30:00Z'));
    expect(first).toEqual({ queued: 1, withoutEmail: 1 });
    const again = await queueMonthlyStatements(h.deps, new Date('2026-12-15T08:00:00Z'));
    expect(again).toEqual({ queued: 0, withoutEmail: 1 });
    const next = await queueMonthlyStatements(h.deps, new Date('2027-01-01T00:00:00Z'));
    expect(next.queued).toBe(1);
    const rows = await statementJobs();
    expect(rows.map((j) => j.dedupeKey).sort()).toEqual([
      `statement:${monthly}:2026-12`,
      `statement:${monthly}:2027-01`,
    ]);
    expect(rows.every((j) => j.companyId === cid)).toBe(true);
    expect(rows.some((j) => JSON.stringify(j.payload).includes(noEmail))).toBe(false);
  });

  it('sends the queued statements with the PDF', async () => {
    const delivery = await startDelivery(h.deps, { scheduler: false });
    try {
      const deadline = Date.now() + 20_000;
      while ((await statementJobs()).some((j) => j.state === 'queued')) {
        if (Date.now() > deadline) throw new Error('statements not sent');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await delivery.stop();
    }
    expect((await statementJobs()).map((j) => j.state)).toEqual(['done', 'done']);
    const mails = h.mail.mails.filter((m) => m.headers['x-fieldbook-statement'] === monthly);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ to: 'monthly@example.test' });
    expect(mails[0]!.subject).toContain('Monthly Co');
    expect(mails[0]!.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
  });

  it('sends nothing for a client who turned the statement off after it was queued', async () => {
    await queueMonthlyStatements(h.deps, new Date('2027-02-10T10:00:00Z'));
    const r = await owner.api.post(`/api/companies/${cid}/entities`, {
      _id: monthly,
      name: 'Monthly',
      email: 'monthly@example.test',
      autoSendStatement: false,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const before = h.mail.mails.length;
    const delivery = await startDelivery(h.deps, { scheduler: false });
    try {
      const deadline = Date.now() + 20_000;
      while ((await statementJobs()).some((j) => j.state === 'queued')) {
        if (Date.now() > deadline) throw new Error('job not run');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await delivery.stop();
    }
    expect(h.mail.mails.length).toBe(before);
  });
});
