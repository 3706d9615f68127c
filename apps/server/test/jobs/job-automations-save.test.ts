import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { invoices } from '../../src/db/schema/index.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType, plumbingType, saveJob } from '../support/jobs-helpers.js';

/**
 * The whole way through HTTP: a save moves a job into 'Job Done', the jobs
 * service queues the entry's automations, and the server's worker (as
 * main.ts starts it) generates the invoice and e-mails it to the client.
 */
let h: Harness;
let cid: string;
let owner: TestUser;

beforeAll(async () => {
  h = await startHarness({}, { workers: true });
  ({ id: cid, owner } = await buildCompany(h));
}, 60_000);
afterAll(() => h.close());

it('saving a job into Job Done generates its invoice and e-mails it once', async () => {
  const client = await buildClient(owner.api, cid, {
    name: 'Lerato',
    email: 'lerato@example.test',
  });
  const type = await buildType(
    owner.api,
    cid,
    plumbingType(undefined, {
      'Job Done': {
        autoGenerateInvoice: true,
        autoSendInvoiceClient: true,
        autoSendInvoiceClientFrequency: 'creation',
      },
    }),
  );
  const base = {
    appointmentTypeId: type._id,
    hasSchedule: true,
    startDate: '2026-11-26T08:00:00.000Z',
    endDate: '2026-11-26T09:00:00.000Z',
    entityId: client,
    lineItems: [{ description: 'Geyser 150 l', qty: 1, price: 6500 }],
  };
  let job = await buildJob(owner.api, cid, { ...base, status: 'New' });
  for (const status of ['Quoted', 'On site', 'Job Done']) {
    const r = await saveJob(owner.api, cid, {
      ...base,
      _id: job._id,
      status,
      updatedAt: job.updatedAt,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    job = (await owner.api.get(`/api/companies/${cid}/appointments/activeJobs/${job._id}`)).body;
  }
  const mail = await h.mail.last('lerato@example.test');
  const rows = await h.deps.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.appointmentId, job._id as string));
  expect(rows).toHaveLength(1);
  expect(mail.headers['x-fieldbook-invoice']).toBe(rows[0]!.id);
  await new Promise((r) => setTimeout(r, 500));
  expect(h.mail.mails.filter((m) => m.to === 'lerato@example.test')).toHaveLength(1);
  expect(rows[0]).toMatchObject({ entityId: client, subtotal: '6500.00' });
}, 60_000);
