import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takePlaceOrWait } from '../../src/areas/delivery/send-limit.js';
import { sentThisHour } from '../../src/areas/delivery/send-limit.repo.js';
import { JOB_INVOICE_EMAIL, JOB_NOTIFICATION } from '../../src/areas/jobs/job-automations.kinds.js';
import { invoices, sendCounts } from '../../src/db/schema/index.js';
import { DeferQueueError } from '../../src/platform/queue.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import {
  enter,
  insertJob,
  insertType,
  makeDue,
  queueRows,
  runQueue,
  statuses,
} from '../support/job-automations-helpers.js';

/**
 * The hourly sending limit's places (issue 19 B2, D2): mail put off by a full
 * hour is spread over the next hour and is put off before anything is printed;
 * a mail that never went gives its place back; a gathered invoice shows
 * Sending... until its boundary, and a send by hand before it takes its place.
 */
let h: Harness;
let cid: string;
let owner: TestUser;
let client: string;
const db = () => h.deps.database.db;
const mailsWith = (header: string, value: string) =>
  h.mail.mails.filter((m) => m.headers[header] === value);

async function fillHour(companyId: string, count = 120) {
  await db()
    .insert(sendCounts)
    .values({ companyId, hour: sql`date_trunc('hour', now())`, count })
    .onConflictDoUpdate({ target: [sendCounts.companyId, sendCounts.hour], set: { count } });
}

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  client = await buildClient(owner.api, cid, { name: 'Sipho', email: 'sipho@example.test' });
}, 60_000);
afterAll(() => h.close());

describe('mail put off by a full hour', () => {
  it('is due again spread over the next clock hour, not all at one second', async () => {
    const { id } = await buildCompany(h);
    await fillHour(id, 1);
    const at: number[] = [];
    for (let i = 0; i < 40; i++) {
      const e = await takePlaceOrWait(1, db(), id).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(DeferQueueError);
      at.push((e as DeferQueueError).at.getTime());
    }
    const next = new Date();
    next.setUTCMinutes(60, 0, 0);
    for (const t of at) {
      expect(t).toBeGreaterThanOrEqual(next.getTime());
      expect(t).toBeLessThan(next.getTime() + 3_600_000);
    }
    expect(new Set(at).size).toBeGreaterThan(35);
    // Spread over the hour: more than half of it between the first and the last.
    expect(Math.max(...at) - Math.min(...at)).toBeGreaterThan(1_800_000);
  });

  it('is put off before its PDFs are printed', async () => {
    const flow = statuses([
      {
        name: 'Done',
        autoGenerateInvoice: true,
        sendNotificationClient: true,
        sendNotificationInvoice: true,
      },
    ]);
    const typeId = await insertType(h, cid, flow);
    const job = await insertJob(h, cid, { typeId, status: 'Done', entityId: client });
    await fillHour(cid);
    const print = h.deps.pdf.print;
    let prints = 0;
    h.deps.pdf.print = (...args) => {
      prints++;
      return print(...args);
    };
    try {
      await enter(h, cid, job.id, flow[0]!);
      await runQueue(h);
    } finally {
      h.deps.pdf.print = print;
    }
    const [note] = (await queueRows(h, JOB_NOTIFICATION)).filter(
      (r) => (r.payload as { jobId: string }).jobId === job.id,
    );
    expect(note).toMatchObject({ state: 'queued', attempts: 0 });
    expect(note!.lastError).toContain('Sending limit');
    expect(prints).toBe(0);
    await db().delete(sendCounts).where(eq(sendCounts.companyId, cid));
  }, 60_000);
});

describe('a place in the limit', () => {
  it('is given back when the SMTP server refuses the mail', async () => {
    const { id, owner: boss } = await buildCompany(h);
    const c = await buildClient(boss.api, id, { name: 'Ann', email: 'ann@example.test' });
    const inv = (await buildInvoice(boss.api, id, c, { toEmail: 'ann@example.test' }))._id;
    const send = h.deps.mailer.send;
    h.deps.mailer.send = async () => {
      throw Object.assign(new Error('550 5.7.1 Message rejected'), { responseCode: 550 });
    };
    try {
      const r = await boss.api.post(`/api/companies/${id}/invoices/${inv}/email`, {
        to: ['ann@example.test'],
        subject: 'Hello',
      });
      expect(r.status).toBeGreaterThanOrEqual(400);
    } finally {
      h.deps.mailer.send = send;
    }
    expect(await sentThisHour(db(), id)).toBe(0);
    const ok = await boss.api.post(`/api/companies/${id}/invoices/${inv}/email`, {
      to: ['ann@example.test'],
      subject: 'Hello',
    });
    expect(ok.status).toBe(200);
    expect(await sentThisHour(db(), id)).toBe(1);
  }, 60_000);
});

describe('a gathered invoice', () => {
  it('shows Sending... until its boundary, and a send by hand before it is not repeated', async () => {
    const flow = statuses([
      {
        name: 'Done',
        autoGenerateInvoice: true,
        autoSendInvoiceClient: true,
        autoSendInvoiceClientFrequency: 'daily',
      },
    ]);
    const typeId = await insertType(h, cid, flow);
    const job = await insertJob(h, cid, { typeId, status: 'Done', entityId: client });
    await enter(h, cid, job.id, flow[0]!);
    await runQueue(h);
    const [inv] = await db().select().from(invoices).where(eq(invoices.appointmentId, job.id));
    expect(inv!.queuedForSending).toBe(true);
    // A bulk send leaves it alone while it waits.
    const bulk = await owner.api.post(`/api/companies/${cid}/invoices/bulkemail`, {
      ids: [inv!.id],
    });
    expect(bulk.status).toBe(200);
    // Sent by hand before the boundary.
    const byHand = await owner.api.post(`/api/companies/${cid}/invoices/${inv!.id}/email`, {
      to: ['sipho@example.test'],
      subject: 'Your invoice',
    });
    expect(byHand.status).toBe(200);
    expect(mailsWith('x-fieldbook-invoice', inv!.id)).toHaveLength(1);
    await makeDue(h, [JOB_INVOICE_EMAIL]);
    await runQueue(h);
    const [send] = (await queueRows(h, JOB_INVOICE_EMAIL)).filter(
      (r) => (r.payload as { invoiceId: string }).invoiceId === inv!.id,
    );
    expect(send!.state).toBe('done');
    expect(mailsWith('x-fieldbook-invoice', inv!.id)).toHaveLength(1);
  }, 90_000);
});
