import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, nextSendBoundary, todayIn } from '@fieldbook/core';
import { invoices, queueJobs, sendCounts } from '../../src/db/schema/index.js';
import {
  JOB_CLIENT_REMINDER,
  JOB_INVOICE_EMAIL,
  JOB_INVOICE_GATHERED,
  JOB_INVOICE_GROUP,
  JOB_NOTIFICATION,
} from '../../src/areas/jobs/job-automations.kinds.js';
import { queueClientReminders } from '../../src/areas/jobs/automations.js';
import { buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';
import {
  enter,
  insertJob,
  insertType,
  jobRow,
  makeDue,
  queueRows,
  runQueue,
  statuses,
} from '../support/job-automations-helpers.js';
import { pdfText } from '../support/pdf-text.js';

/**
 * Gathered and grouped invoice sends, notifications to the assignee with
 * their attachments, chained moves, the client reminder and the send limit.
 */
let h: Harness;
let cid: string;
let owner: TestUser;
let client: string;
let otherClient: string;
let reportTpl: string;
let invoiceTpl: string;
const TZ = 'Africa/Johannesburg';

const jobInvoices = (jobId: string) =>
  h.deps.database.db.select().from(invoices).where(eq(invoices.appointmentId, jobId));
const mailsWith = (header: string, value: string) =>
  h.mail.mails.filter((m) => m.headers[header] === value);
const ofJob = <R extends { payload: unknown }>(rows: R[], jobId: string) =>
  rows.filter((r) => (r.payload as { jobId?: string }).jobId === jobId);

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  await setCompany(owner.api, cid, {
    companyName: 'Pipes <&> Co',
    EmailAddress: 'office@pipes.test',
    timeZone: TZ,
  });
  client = await buildClient(owner.api, cid, {
    name: 'Sipho',
    surname: '<b>Dlamini</b>',
    email: 'sipho@example.test',
  });
  otherClient = await buildClient(owner.api, cid, { name: 'Anna', email: 'anna@example.test' });
  const report = await owner.api.post(`/api/companies/${cid}/templates`, {
    templateName: 'Site report',
    template: '<h1>Site report {{job.number}}</h1><p>Note: {{job.fault}}</p>',
    type: 'custom',
  });
  expect(report.status, JSON.stringify(report.body)).toBe(200);
  reportTpl = report.body._id;
  const inv = await owner.api.post(`/api/companies/${cid}/invoiceTemplate`, {
    invoiceTemplateName: 'Technician copy',
    invoiceTemplateEmailBody: '',
    template: '<h1>TECH COPY {{invoice.number}}</h1>',
  });
  expect(inv.status, JSON.stringify(inv.body)).toBe(200);
  invoiceTpl = inv.body._id;
}, 60_000);
afterAll(() => h.close());

describe('gathered sends', () => {
  it('daily: one send at 07:00 of the next day in the company zone, keyed per invoice and period', async () => {
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
    const before = new Date();
    await runQueue(h);
    const [inv] = await jobInvoices(job.id);
    expect(inv!.sent).toBeNull();
    const [send, ...more] = ofJob(await queueRows(h, JOB_INVOICE_EMAIL), job.id);
    expect(more).toHaveLength(0);
    const boundary = nextSendBoundary('daily', before, TZ)!;
    expect(send!.runAt.toISOString()).toBe(boundary.at.toISOString());
    expect(send!.dedupeKey).toBe(`job-invoice-email:${inv!.id}:daily:${boundary.period}`);
    expect(send!.state).toBe('queued');
    expect(mailsWith('x-fieldbook-invoice', inv!.id)).toHaveLength(0);

    await makeDue(h, [JOB_INVOICE_EMAIL]);
    await runQueue(h);
    expect(mailsWith('x-fieldbook-invoice', inv!.id)).toHaveLength(1);
    expect((await jobInvoices(job.id))[0]!.sent).not.toBeNull();
  }, 60_000);

  it("weekly grouped: one e-mail per client carrying all of that client's gathered invoices", async () => {
    const flow = statuses([
      {
        name: 'Done',
        autoGenerateInvoice: true,
        autoSendInvoiceClient: true,
        autoSendInvoiceClientFrequency: 'weekly',
        autoGroupInvoiceClient: true,
        autoSendInvoiceClientIncludeTemplates: [{ id: reportTpl, name: 'Site report' }],
      },
    ]);
    const typeId = await insertType(h, cid, flow);
    const mine = await Promise.all(
      [1, 2, 3].map((i) =>
        insertJob(h, cid, {
          typeId,
          status: 'Done',
          entityId: client,
          faultDescription: `visit ${i}`,
        }),
      ),
    );
    const theirs = await insertJob(h, cid, { typeId, status: 'Done', entityId: otherClient });
    for (const j of [...mine, theirs]) await enter(h, cid, j.id, flow[0]!);
    await runQueue(h);

    const period = nextSendBoundary('weekly', new Date(), TZ)!.period;
    const groups = (await queueRows(h, JOB_INVOICE_GROUP)).map((g) => g.dedupeKey).sort();
    expect(groups).toEqual(
      [
        `job-invoice-group:${client}:weekly:${period}`,
        `job-invoice-group:${otherClient}:weekly:${period}`,
      ].sort(),
    );
    expect(await queueRows(h, JOB_INVOICE_GATHERED)).toHaveLength(4);

    await makeDue(h, [JOB_INVOICE_GROUP]);
    await runQueue(h);
    const ids = (await Promise.all(mine.map((j) => jobInvoices(j.id)))).map((l) => l[0]!.id);
    const grouped = h.mail.mails.filter((m) => m.headers['x-fieldbook-invoices']);
    const toMe = grouped.filter((m) => m.to === 'sipho@example.test');
    expect(toMe).toHaveLength(1);
    expect(toMe[0]!.headers['x-fieldbook-invoices']!.split(',').sort()).toEqual([...ids].sort());
    // Each invoice and its job's report: six PDFs.
    expect(toMe[0]!.attachments).toHaveLength(6);
    const texts = await Promise.all(toMe[0]!.attachments.map((a) => pdfText(a.content)));
    for (const i of [1, 2, 3]) expect(texts.join('\n')).toContain(`Note: visit ${i}`);
    expect(grouped.filter((m) => m.to === 'anna@example.test')).toHaveLength(1);
    for (const id of ids) {
      const [row] = await h.deps.database.db.select().from(invoices).where(eq(invoices.id, id));
      expect(row!.sent).not.toBeNull();
    }
    expect((await queueRows(h, JOB_INVOICE_GATHERED)).map((r) => r.state)).toEqual(
      Array(4).fill('done'),
    );
  }, 90_000);
});

describe('notifications and moves', () => {
  it("e-mails the assignee with placeholders, HTML escaped, the invoice printed with the status's template and the templates", async () => {
    const tech = await buildMember(h, cid, null);
    const flow = statuses([
      {
        name: 'Booked',
        autoGenerateInvoice: true,
        sendNotification: true,
        sendNotificationSubject: '{jobType} {jobNumber} for {clientName} {clientSurname}',
        sendNotificationBody:
          'Hi {assignee}, see {clientSurname} at {startDate} for {companyName}.',
        sendNotificationInvoice: true,
        sendNotificationInvoiceTemplate: invoiceTpl,
        sendNotificationTemplates: [{ id: reportTpl, name: 'Site report' }],
      },
    ]);
    const typeId = await insertType(h, cid, flow);
    const job = await insertJob(h, cid, {
      typeId,
      status: 'Booked',
      entityId: client,
      userId: tech.id,
      startDate: new Date('2026-11-26T07:30:00Z'),
      faultDescription: 'bring ladder',
    });
    await enter(h, cid, job.id, flow[0]!);
    await runQueue(h);
    const [mail, ...more] = mailsWith('x-fieldbook-job', job.id);
    expect(more).toHaveLength(0);
    expect(mail!.to).toBe(tech.email);
    expect(mail!.headers['x-fieldbook-notification']).toBe('assignee');
    expect(mail!.subject).toMatch(
      new RegExp(`^Type \\S+ ${job.appointmentNumber} for Sipho <b>Dlamini</b>$`),
    );
    expect(mail!.text).toBe(
      `Hi Test ${tech.username}, see <b>Dlamini</b> at 2026-11-26 09:30 for Pipes <&> Co.`,
    );
    const [inv] = await jobInvoices(job.id);
    const [invoicePdf, reportPdf] = mail!.attachments;
    expect(await pdfText(invoicePdf!.content)).toContain(`TECH COPY ${inv!.invoiceNumber}`);
    expect(await pdfText(reportPdf!.content)).toContain('Note: bring ladder');
  }, 60_000);

  it('escapes the values in the HTML part of a notification', async () => {
    const flow = statuses([
      {
        name: 'Booked',
        sendNotificationClient: true,
        sendNotificationBody: 'Hello {clientSurname} from {companyName}',
      },
    ]);
    const typeId = await insertType(h, cid, flow);
    const job = await insertJob(h, cid, { typeId, status: 'Booked', entityId: client });
    const html: string[] = [];
    const send = h.deps.mailer.send.bind(h.deps.mailer);
    h.deps.mailer.send = async (msg, via) => {
      if (msg.headers?.['X-Fieldbook-Job'] === job.id) html.push(msg.html ?? '');
      return send(msg, via);
    };
    try {
      await enter(h, cid, job.id, flow[0]!);
      await runQueue(h);
    } finally {
      h.deps.mailer.send = send;
    }
    expect(html).toHaveLength(1);
    expect(html[0]).toContain('Hello &lt;b&gt;Dlamini&lt;/b&gt; from Pipes &lt;&amp;&gt; Co');
    expect(html[0]).not.toContain('<b>');
  });

  it('chains automatic moves along the links, each entry keyed by its own number', async () => {
    const flow = statuses([
      { name: 'A', links: ['B', 'C'], autoMoveInvoiceClient: true },
      { name: 'B', links: ['C'], autoMoveInvoiceClient: true },
      { name: 'C', links: ['A'], sendNotificationClient: true },
    ]);
    const typeId = await insertType(h, cid, flow);
    const job = await insertJob(h, cid, { typeId, status: 'A', entityId: client });
    await enter(h, cid, job.id, flow[0]!);
    await runQueue(h);
    const row = await jobRow(h, job.id);
    expect(row.status).toBe('C');
    expect(row.statusEntries).toBe(3);
    expect(row.active).toBe(true);
    expect(row.log.slice(0, 3).map((l) => l.s)).toEqual([
      expect.stringMatching(/^E-mail to the client sent/),
      'C',
      'B',
    ]);
    expect(ofJob(await queueRows(h, JOB_NOTIFICATION), job.id).map((r) => r.dedupeKey)).toEqual([
      `job-notification:${job.id}:3:client`,
    ]);
  });
});

describe('a refused automatic move', () => {
  it('is written in the log, and the rest of the entry still happens', async () => {
    const flow = statuses([
      {
        name: 'Done',
        links: ['Signed off'],
        autoMoveInvoiceClient: true,
        sendNotificationClient: true,
      },
      { name: 'Signed off', requiredComponents: ['sig'], sendNotificationClient: true },
    ]);
    const typeId = await insertType(h, cid, flow, [
      { prop: 'sig', label: 'Client signature', type: 'signiture' },
    ]);
    const job = await insertJob(h, cid, { typeId, status: 'Done', entityId: client });
    await enter(h, cid, job.id, flow[0]!);
    await runQueue(h);
    const row = await jobRow(h, job.id);
    expect(row.status).toBe('Done');
    expect(row.statusEntries).toBe(1);
    expect(row.log.map((l) => l.s)).toContainEqual(
      expect.stringMatching(/^Automatic move to Signed off refused: .*Client signature/),
    );
    expect(mailsWith('x-fieldbook-job', job.id)).toHaveLength(1);
  });
});

describe('the client reminder', () => {
  it('queues one e-mail for a job starting tomorrow in the company zone, once however often it looks', async () => {
    const flow = statuses([{ name: 'Booked' }]);
    const typeId = await insertType(h, cid, flow);
    const local = `${addDays(todayIn(TZ), 1)}T10:00:00+02:00`;
    // 10:00 tomorrow in Johannesburg (UTC+2 all year).
    const start = new Date(local);
    const job = await insertJob(h, cid, {
      typeId,
      status: 'Booked',
      entityId: client,
      startDate: start,
      sendClientReminder: true,
    });
    const far = await insertJob(h, cid, {
      typeId,
      status: 'Booked',
      entityId: client,
      startDate: new Date(start.getTime() + 2 * 86_400_000),
      sendClientReminder: true,
    });
    const off = await insertJob(h, cid, {
      typeId,
      status: 'Booked',
      entityId: client,
      startDate: start,
    });
    expect(await queueClientReminders(h.deps)).toBe(1);
    expect(await queueClientReminders(h.deps)).toBe(0);
    await runQueue(h);
    expect(await queueClientReminders(h.deps)).toBe(0);
    const mails = mailsWith('x-fieldbook-job', job.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Reminder');
    expect(mails[0]!.to).toBe('sipho@example.test');
    expect((await jobRow(h, job.id)).reminderSentFor?.toISOString()).toBe(start.toISOString());
    expect(mailsWith('x-fieldbook-job', far.id)).toHaveLength(0);
    expect(mailsWith('x-fieldbook-job', off.id)).toHaveLength(0);
    expect(ofJob(await queueRows(h, JOB_CLIENT_REMINDER), job.id).map((r) => r.dedupeKey)).toEqual([
      `job-reminder:${job.id}:${start.toISOString()}`,
    ]);
  });
});

describe('the sending limit', () => {
  it('puts an automation e-mail off to the next hour when the company used its hour, without using an attempt', async () => {
    const flow = statuses([{ name: 'Booked', sendNotificationClient: true }]);
    const typeId = await insertType(h, cid, flow);
    const job = await insertJob(h, cid, { typeId, status: 'Booked', entityId: client });
    const db = h.deps.database.db;
    await db
      .insert(sendCounts)
      .values({ companyId: cid, hour: sql`date_trunc('hour', now())`, count: 120 })
      .onConflictDoUpdate({
        target: [sendCounts.companyId, sendCounts.hour],
        set: { count: 120 },
      });
    await enter(h, cid, job.id, flow[0]!);
    await runQueue(h);
    expect(mailsWith('x-fieldbook-job', job.id)).toHaveLength(0);
    const [note] = ofJob(await queueRows(h, JOB_NOTIFICATION), job.id);
    expect(note).toMatchObject({ state: 'queued', attempts: 0 });
    expect(note!.lastError).toContain('Sending limit');
    const nextHour = new Date();
    nextHour.setUTCMinutes(60, 0, 0);
    expect(note!.runAt.getTime()).toBeGreaterThanOrEqual(nextHour.getTime());
    // The next hour has room again.
    await db.delete(sendCounts).where(eq(sendCounts.companyId, cid));
    await db
      .update(queueJobs)
      .set({ runAt: sql`now()` })
      .where(eq(queueJobs.id, note!.id));
    await runQueue(h);
    expect(mailsWith('x-fieldbook-job', job.id)).toHaveLength(1);
    const [{ count }] = (await db
      .select({ count: sendCounts.count })
      .from(sendCounts)
      .where(eq(sendCounts.companyId, cid))) as [{ count: number }];
    expect(count).toBe(1);
    expect((await jobRow(h, job.id)).status).toBe('Booked');
  });
});
