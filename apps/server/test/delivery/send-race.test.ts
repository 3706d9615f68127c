import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEING_SENT } from '../../src/areas/delivery/delivery.service.js';
import { JOB_INVOICE_EMAIL } from '../../src/areas/jobs/job-automations.kinds.js';
import { invoices } from '../../src/db/schema/index.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import {
  enter,
  insertJob,
  insertType,
  makeDue,
  runQueue,
  statuses,
} from '../support/job-automations-helpers.js';

/**
 * A gathered send and a send by hand of the same invoice at the same moment
 * (issue 19 D, docs/documents.md "One mail per send"): exactly one mail. Each
 * case holds the first send inside its print (after its decision, before its
 * mail) until the other has run, so the race is played out, not hoped for.
 */
let h: Harness;
let cid: string;
let owner: TestUser;
let client: string;
const db = () => h.deps.database.db;
const mailsOf = (id: string) => h.mail.mails.filter((m) => m.headers['x-fieldbook-invoice'] === id);

/** The next print waits until `release()`; `entered` resolves when it has begun. */
function holdNextPrint() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inPrint = new Promise<void>((r) => (entered = r));
  let held = false;
  h.deps.pdf.print = async () => {
    if (!held) {
      held = true;
      entered();
      await released;
    }
    return Buffer.from('%PDF-1.4\n%%EOF\n');
  };
  return { inPrint, release };
}

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  client = await buildClient(owner.api, cid, { name: 'Sipho', email: 'sipho@example.test' });
}, 60_000);
afterAll(() => h.close());

/** A job invoice gathered for the daily send: queued, shown Sending..., its send made due now. */
async function gatheredInvoice(): Promise<string> {
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
  await makeDue(h, [JOB_INVOICE_EMAIL]);
  return inv!.id;
}

const byHand = (id: string) =>
  owner.api.post(`/api/companies/${cid}/invoices/${id}/email`, {
    to: ['sipho@example.test'],
    subject: 'Your invoice',
  });

describe('a gathered send and a send by hand at once', () => {
  it('sends one mail when the send by hand comes while the gathered send prints', async () => {
    const id = await gatheredInvoice();
    const hold = holdNextPrint();
    const queue = runQueue(h);
    await hold.inPrint;
    // The gathered send has decided to send: the send by hand is refused, not sent twice.
    const r = await byHand(id).finally(hold.release);
    await queue;
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body.error).toBe(BEING_SENT);
    expect(mailsOf(id)).toHaveLength(1);
    const [inv] = await db().select().from(invoices).where(eq(invoices.id, id));
    expect(inv!.queuedForSending).toBe(false);
    expect(inv!.sendingAt).toBeNull();
    expect(inv!.emails).toHaveLength(1);
  }, 90_000);

  it('sends one mail when the gathered send comes while the send by hand prints', async () => {
    const id = await gatheredInvoice();
    const hold = holdNextPrint();
    const sent = byHand(id);
    await hold.inPrint;
    // The send by hand took the gathered send's place: it sends nothing.
    await runQueue(h).finally(hold.release);
    expect((await sent).status).toBe(200);
    expect(mailsOf(id)).toHaveLength(1);
    const [inv] = await db().select().from(invoices).where(eq(invoices.id, id));
    expect(inv!.queuedForSending).toBe(false);
    expect(inv!.sendingAt).toBeNull();
  }, 90_000);

  it('gives the gathered send its place back when the send by hand fails', async () => {
    const id = await gatheredInvoice();
    h.deps.pdf.print = () => Promise.reject(new Error('printer on fire'));
    expect((await byHand(id)).status).toBeGreaterThanOrEqual(500);
    const [inv] = await db().select().from(invoices).where(eq(invoices.id, id));
    expect(inv!.queuedForSending).toBe(true);
    expect(inv!.sendingAt).toBeNull();
    h.deps.pdf.print = () => Promise.resolve(Buffer.from('%PDF-1.4\n%%EOF\n'));
    await runQueue(h);
    expect(mailsOf(id)).toHaveLength(1);
  }, 90_000);
});
