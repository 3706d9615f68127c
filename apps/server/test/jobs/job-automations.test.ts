import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, invoices } from '../../src/db/schema/index.js';
import {
  JOB_INVOICE_EMAIL,
  JOB_NOTIFICATION,
  JOB_STATUS_AUTOMATION,
} from '../../src/areas/jobs/job-automations.kinds.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';
import {
  enter,
  insertJob,
  insertType,
  jobRow,
  queueRows,
  runQueue,
  statuses,
} from '../support/job-automations-helpers.js';
import { pdfText } from '../support/pdf-text.js';

/**
 * DECISIONS §9 and §12: a job entering 'Job Done' gets its invoice generated
 * once, e-mailed to the client with the chosen templates attached, and moves
 * on to 'Invoiced', whose own automation (a notification) then runs too.
 */
let h: Harness;
let cid: string;
let owner: TestUser;
let client: string;
let reportTpl: string;
let flow: ReturnType<typeof statuses>;
let typeId: string;

const byName = (name: string) => flow.find((s) => s.name === name)!;
const jobInvoices = (jobId: string) =>
  h.deps.database.db.select().from(invoices).where(eq(invoices.appointmentId, jobId));
const mailsFor = (header: string, value: string) =>
  h.mail.mails.filter((m) => m.headers[header] === value);

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  await setCompany(owner.api, cid, {
    companyName: 'Geyser & Sons',
    EmailAddress: 'office@geyser.test',
    phone: '021 555 0101',
  });
  client = await buildClient(owner.api, cid, {
    name: 'Thandi',
    surname: 'Mokoena',
    email: 'thandi@example.test',
  });
  const r = await owner.api.post(`/api/companies/${cid}/templates`, {
    templateName: 'Job report',
    template: '<h1>Report for job {{job.number}}</h1><p>{{job.fault}} / {{client.fullName}}</p>',
    type: 'custom',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  reportTpl = r.body._id;
  flow = statuses([
    { name: 'On site', links: ['Job Done'] },
    {
      name: 'Job Done',
      links: ['Invoiced'],
      autoGenerateInvoice: true,
      autoSendInvoiceClient: true,
      autoSendInvoiceClientFrequency: 'creation',
      autoMoveInvoiceClient: true,
      autoSendInvoiceClientIncludeTemplates: [{ id: reportTpl, name: 'Job report' }],
    },
    {
      name: 'Invoiced',
      sendNotificationClient: true,
      sendNotificationSubject: 'Job {jobNumber} for {clientName} is {status}',
      sendNotificationBody:
        'Dear {clientName} {clientSurname},\n{fault}\n{companyName} {companyPhone}',
    },
  ]);
  typeId = await insertType(h, cid, flow);
}, 60_000);
afterAll(() => h.close());

describe('a job entering Job Done', () => {
  it('generates the invoice from its lines, e-mails it with the template attached, moves on and notifies', async () => {
    const job = await insertJob(h, cid, {
      typeId,
      status: 'Job Done',
      entityId: client,
      lineItems: [
        { description: 'New geyser', qty: 1, price: 5000, ledgerAccountId: null, itemId: null },
        { description: 'Labour', qty: 2, price: 450, ledgerAccountId: null, itemId: null },
      ],
    });
    await enter(h, cid, job.id, byName('Job Done'));
    await runQueue(h);

    const [inv, ...more] = await jobInvoices(job.id);
    expect(more).toHaveLength(0);
    expect(inv).toMatchObject({
      entityId: client,
      toEmail: 'thandi@example.test',
      subtotal: '5900.00',
      appointmentId: job.id,
    });
    expect(inv!.sent).not.toBeNull();
    expect(inv!.queuedForSending).toBe(false);

    const sent = mailsFor('x-fieldbook-invoice', inv!.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('thandi@example.test');
    expect(sent[0]!.attachments.map((a) => a.contentType)).toEqual([
      'application/pdf',
      'application/pdf',
    ]);
    expect(await pdfText(sent[0]!.attachments[0]!.content)).toContain('New geyser');
    const report = await pdfText(sent[0]!.attachments[1]!.content);
    expect(report).toContain(`Report for job ${job.appointmentNumber}`);
    expect(report).toContain('Leaking geyser / Thandi Mokoena');

    const after = await jobRow(h, job.id);
    expect(after.invoiceId).toBe(inv!.id);
    expect(after.status).toBe('Invoiced');
    expect(after.statusEntries).toBe(2);
    expect(after.active).toBe(false); // Invoiced has no link: final
    expect(after.log.map((l) => l.s)).toEqual([
      'E-mail to the client sent: Job ' + job.appointmentNumber + ' for Thandi is Invoiced',
      'Invoiced',
      expect.stringMatching(/^Invoice \S+ generated$/),
      'Job Done',
    ]);

    const note = mailsFor('x-fieldbook-job', job.id).filter(
      (m) => m.headers['x-fieldbook-notification'] === 'client',
    );
    expect(note).toHaveLength(1);
    expect(note[0]!.subject).toBe(`Job ${job.appointmentNumber} for Thandi is Invoiced`);
    expect(note[0]!.text).toContain(
      'Dear Thandi Mokoena,\nLeaking geyser\nGeyser & Sons 021 555 0101',
    );
    expect(note[0]!.replyTo).toContain('office@geyser.test');
    // The automation of the entry into Invoiced was keyed by the new entry.
    const entries = (await queueRows(h, JOB_STATUS_AUTOMATION)).filter(
      (r) => (r.payload as { jobId: string }).jobId === job.id,
    );
    expect(entries.map((r) => [r.dedupeKey, r.state])).toEqual([
      [`job-status:${job.id}:1`, 'done'],
      [`job-status:${job.id}:2`, 'done'],
    ]);
  }, 60_000);

  it('makes one invoice and one e-mail when the same entry is enqueued twice and two workers run', async () => {
    const jobsIn = await Promise.all(
      Array.from({ length: 6 }, () =>
        insertJob(h, cid, { typeId, status: 'Job Done', entityId: client }),
      ),
    );
    for (const j of jobsIn) {
      expect(await enter(h, cid, j.id, byName('Job Done'))).not.toBeNull();
      // The same key again is a no-op; another key for the same entry still does nothing twice.
      expect(await enter(h, cid, j.id, byName('Job Done'))).toBeNull();
      expect(await enter(h, cid, j.id, byName('Job Done'), 1, `again:${j.id}`)).not.toBeNull();
    }
    await runQueue(h, 2);
    for (const j of jobsIn) {
      const list = await jobInvoices(j.id);
      expect(list, j.id).toHaveLength(1);
      expect(mailsFor('x-fieldbook-invoice', list[0]!.id), j.id).toHaveLength(1);
      expect(list[0]!.emails).toHaveLength(1);
      const row = await jobRow(h, j.id);
      expect(row.statusEntries).toBe(2);
      expect(row.log.filter((l) => l.s === 'Invoiced')).toHaveLength(1);
      const notes = mailsFor('x-fieldbook-job', j.id);
      expect(notes).toHaveLength(1);
    }
  }, 90_000);

  it('records a permanent failure in the log when the job has no client, and makes nothing', async () => {
    const job = await insertJob(h, cid, { typeId, status: 'Job Done', entityId: null });
    await enter(h, cid, job.id, byName('Job Done'));
    await runQueue(h);
    expect(await jobInvoices(job.id)).toHaveLength(0);
    const [row] = (await queueRows(h, JOB_STATUS_AUTOMATION)).filter(
      (r) => (r.payload as { jobId: string }).jobId === job.id,
    );
    expect(row).toMatchObject({ state: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('no client');
    const after = await jobRow(h, job.id);
    expect(after.status).toBe('Job Done');
    expect(after.log[0]!.s).toBe(
      'Automations of Job Done stopped: The job has no client, so no invoice was generated',
    );
    expect(await queueRows(h, JOB_INVOICE_EMAIL)).not.toContainEqual(
      expect.objectContaining({ payload: expect.objectContaining({ jobId: job.id }) }),
    );
  });

  it('generates no invoice, and sends nothing, for a job without lines', async () => {
    const job = await insertJob(h, cid, {
      typeId,
      status: 'Job Done',
      entityId: client,
      lineItems: [],
    });
    await enter(h, cid, job.id, byName('Job Done'));
    await runQueue(h);
    expect(await jobInvoices(job.id)).toHaveLength(0);
    const after = await jobRow(h, job.id);
    expect(after.invoiceId).toBeNull();
    expect(after.log[0]!.s).toBe(
      'Automations of Job Done stopped: The job has no lines, so no invoice was generated',
    );
    expect(await queueRows(h, JOB_INVOICE_EMAIL)).not.toContainEqual(
      expect.objectContaining({ payload: expect.objectContaining({ jobId: job.id }) }),
    );
  });

  it('reuses the invoice a job already has instead of generating another', async () => {
    const job = await insertJob(h, cid, { typeId, status: 'Job Done', entityId: client });
    await enter(h, cid, job.id, byName('Job Done'));
    await runQueue(h);
    const [first] = await jobInvoices(job.id);
    // The job comes back to Job Done (a second entry): the same invoice is sent again.
    await enter(h, cid, job.id, byName('Job Done'), 3);
    await runQueue(h);
    expect(await jobInvoices(job.id)).toHaveLength(1);
    expect(mailsFor('x-fieldbook-invoice', first!.id)).toHaveLength(2);
  }, 60_000);

  it('runs the entry even when the job has left the status since, but moves it only along its own entry', async () => {
    const job = await insertJob(h, cid, { typeId, status: 'Job Done', entityId: client });
    await enter(h, cid, job.id, byName('Job Done'));
    // Someone moved the job by hand before the worker ran (entry 2).
    await h.deps.database.db
      .update(appointments)
      .set({ status: 'On site', statusEntries: 2 })
      .where(eq(appointments.id, job.id));
    await runQueue(h);
    expect(await jobInvoices(job.id)).toHaveLength(1);
    const row = await jobRow(h, job.id);
    expect(row.status).toBe('On site');
    expect(row.statusEntries).toBe(2);
    expect((await queueRows(h, JOB_NOTIFICATION)).map((r) => r.dedupeKey)).not.toContain(
      `job-notification:${job.id}:2:client`,
    );
  }, 60_000);
});
