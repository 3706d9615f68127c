import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivery } from '../../src/areas/delivery/delivery-workers.js';
import { runDueRecurring } from '../../src/areas/recurring/index.js';
import {
  clients,
  incidents,
  invoices,
  queueJobs,
  recurringItems,
  recurringRuns,
} from '../../src/db/schema/index.js';
import { buildCompany, type Loose } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let clientId: string;
const db = () => h.deps.database.db;
const url = (rest: string) => `/api/companies/${co.id}/recurring/${rest}`;
/** Noon in Johannesburg (the company's zone) of a date. */
const at = (ymd: string) => new Date(`${ymd}T10:00:00Z`);

async function create(type: string, body: Record<string, unknown>): Promise<string> {
  const r = await co.owner.api.post(url(type), body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

const invoice = (over: Record<string, unknown> = {}) =>
  create('invoices', {
    startDate: '2030-11-01',
    recurringType: 'month',
    dayOfMonth: 31,
    entityId: clientId,
    descriptions: [line({ description: 'Retainer', price: 100 })],
    ...over,
  });

const invoicesOf = (itemId: string) =>
  db()
    .select({ id: invoices.id, invoiceDate: invoices.invoiceDate, dueDate: invoices.dueDate })
    .from(invoices)
    .innerJoin(recurringRuns, eq(recurringRuns.documentId, invoices.id))
    .where(eq(recurringRuns.recurringItemId, itemId))
    .orderBy(asc(invoices.invoiceDate));

const runsOf = (itemId: string) =>
  db()
    .select()
    .from(recurringRuns)
    .where(eq(recurringRuns.recurringItemId, itemId))
    .orderBy(asc(recurringRuns.occurrenceDate));

async function item(type: string, id: string): Promise<Loose> {
  return (await co.owner.api.get(url(`${type}/${id}`))).body;
}

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  await setCompany(co.owner.api, co.id, { companyName: 'Rec Co', EmailAddress: 'office@rec.test' });
  clientId = await buildClient(co.owner.api, co.id, { email: 'payer@example.test' });
});
afterAll(() => h.close());

describe('runDueRecurring', () => {
  it('makes nothing before the first date, then month ends: 30 Nov, 31 Dec, and every missed date once, in order', async () => {
    const id = await invoice();
    await runDueRecurring(h.deps, at('2030-11-29'));
    expect(await invoicesOf(id)).toHaveLength(0);
    await runDueRecurring(h.deps, at('2030-11-30'));
    expect((await invoicesOf(id)).map((i) => i.invoiceDate)).toEqual(['2030-11-30']);
    await runDueRecurring(h.deps, at('2031-01-01'));
    expect((await invoicesOf(id)).map((i) => i.invoiceDate)).toEqual(['2030-11-30', '2030-12-31']);
    // 90 days later: January, February (28th), March.
    await runDueRecurring(h.deps, at('2031-04-01'));
    const made = await invoicesOf(id);
    expect(made.map((i) => i.invoiceDate)).toEqual([
      '2030-11-30',
      '2030-12-31',
      '2031-01-31',
      '2031-02-28',
      '2031-03-31',
    ]);
    expect(made[0]!.dueDate).toBe('2030-12-07');
    const got = await item('invoices', id);
    expect(got.lastRunDate).toBe('2031-03-31');
    // Numbers follow the order of the dates.
    expect((await runsOf(id)).map((r) => r.occurrenceDate)).toHaveLength(5);
  });

  it('makes nothing twice: run again, and two runs at once', async () => {
    const id = await invoice({
      startDate: '2030-12-01',
      recurringType: 'day',
      dayOfMonth: null,
      maxOccurrences: 20,
    });
    const now = at('2030-12-20');
    const [a, b] = await Promise.all([runDueRecurring(h.deps, now), runDueRecurring(h.deps, now)]);
    expect(a.made + b.made).toBeGreaterThanOrEqual(20);
    await runDueRecurring(h.deps, now);
    const made = await invoicesOf(id);
    expect(made).toHaveLength(20);
    expect(new Set(made.map((i) => i.invoiceDate)).size).toBe(20);
    expect(made[0]!.invoiceDate).toBe('2030-12-01');
  });

  it('back-dates the invoice by the given days', async () => {
    const id = await invoice({
      startDate: '2031-06-01',
      dayOfMonth: 15,
      backdate: true,
      backdateAmount: 3,
      dueDays: 10,
    });
    await runDueRecurring(h.deps, at('2031-06-15'));
    expect(await invoicesOf(id)).toMatchObject([
      { invoiceDate: '2031-06-12', dueDate: '2031-06-22' },
    ]);
  });

  it('a deleted client: no invoice, the run recorded, one open incident; the fix assigns a client', async () => {
    const gone = await buildClient(co.owner.api, co.id, { name: 'Gone', surname: 'Away' });
    const id = await invoice({ startDate: '2031-07-01', dayOfMonth: 1, entityId: gone });
    await db().update(clients).set({ deletedAt: new Date() }).where(eq(clients.id, gone));
    await runDueRecurring(h.deps, at('2031-09-02'));
    expect(await invoicesOf(id)).toHaveLength(0);
    expect((await runsOf(id)).map((r) => [r.occurrenceDate, r.documentId])).toEqual([
      ['2031-07-01', null],
      ['2031-08-01', null],
      ['2031-09-01', null],
    ]);
    const open = await db()
      .select()
      .from(incidents)
      .where(and(eq(incidents.recordId, id), eq(incidents.status, 'open')));
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ recordKind: 'recurring', value: 'Gone Away' });

    const [c] = await db().select().from(clients).where(eq(clients.id, clientId));
    const r = await co.owner.api.post(`/api/companies/${co.id}/incidents/${open[0]!.id}`, {
      newValue: `${c!.name} ${c!.surname}`,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await item('invoices', id)).entityId).toBe(clientId);
    await runDueRecurring(h.deps, at('2031-10-01'));
    expect((await invoicesOf(id)).map((i) => i.invoiceDate)).toEqual(['2031-10-01']);
  });

  it('send on creation queues one e-mail, and the worker sends it', async () => {
    const id = await invoice({
      startDate: '2031-11-01',
      dayOfMonth: 5,
      sendOnCreation: true,
      toEmail: 'recurring-payer@example.test',
    });
    await runDueRecurring(h.deps, at('2031-11-05'));
    await runDueRecurring(h.deps, at('2031-11-05'));
    const [inv] = await invoicesOf(id);
    const queued = (
      await db().select().from(queueJobs).where(eq(queueJobs.companyId, co.id))
    ).filter((j) => (j.payload as { invoiceId?: string }).invoiceId === inv!.id);
    expect(queued).toHaveLength(1);
    const delivery = await startDelivery(h.deps, { scheduler: false });
    try {
      const mail = await h.mail.last('recurring-payer@example.test');
      expect(mail.headers['x-fieldbook-invoice']).toBe(inv!.id);
      await until(
        async () =>
          (await db().select().from(invoices).where(eq(invoices.id, inv!.id)))[0]!.sent !== null,
        'the send recorded',
      );
    } finally {
      await delivery.stop();
    }
    expect(h.mail.mails.filter((m) => m.headers['x-fieldbook-invoice'] === inv!.id)).toHaveLength(
      1,
    );
  });

  it('include statement queues the client statement once per date, whatever its monthly setting', async () => {
    await invoice({
      startDate: '2032-03-01',
      dayOfMonth: 7,
      sendOnCreation: true,
      includeStatment: true,
      toEmail: 'statement-payer@example.test',
    });
    await runDueRecurring(h.deps, at('2032-04-07'));
    await runDueRecurring(h.deps, at('2032-04-07'));
    const statements = (
      await db().select().from(queueJobs).where(eq(queueJobs.companyId, co.id))
    ).filter((j) => j.kind === 'statement-email');
    const payloads = statements.map((j) => j.payload as { month: string });
    expect(payloads.sort((a, b) => a.month.localeCompare(b.month))).toEqual([
      { clientId, month: '2032-03', always: true, countAtSend: true },
      { clientId, month: '2032-04', always: true, countAtSend: true },
    ]);
  });

  it('a save keeps the next run unless the rule changed or the item was switched on again', async () => {
    const body = {
      startDate: '2034-11-01',
      recurringType: 'month',
      dayOfMonth: 31,
      entityId: clientId,
      descriptions: [line()],
    };
    const id = await create('invoices', body);
    await runDueRecurring(h.deps, at('2034-12-01'));
    const next = async () =>
      (await db().select().from(recurringItems).where(eq(recurringItems.id, id)))[0]!.nextRunDate;
    expect(await next()).toBe('2034-12-31');
    await create('invoices', { ...body, _id: id, notes: 'only the notes' });
    expect(await next()).toBe('2034-12-31');
    // A new day: counted after the last run (30 Nov), never making it again.
    const r = await co.owner.api.post(url('invoices'), { ...body, _id: id, dayOfMonth: 15 });
    expect(r.body.nextRuns[0]).toBe('2034-12-15');
    expect(await next()).toBe('2034-12-15');
    await create('invoices', { ...body, _id: id, dayOfMonth: 15, active: false });
    await runDueRecurring(h.deps, at('2035-02-20'));
    expect((await invoicesOf(id)).map((i) => i.invoiceDate)).toEqual(['2034-11-30']);
    await create('invoices', { ...body, _id: id, dayOfMonth: 15, active: true });
    // Switched on again: from today (the real clock) and after the last run.
    expect(await next()).toBe('2034-12-15');
  });

  it('an item that cannot run is logged and left due; the others still run', async () => {
    const broken = await invoice({ startDate: '2036-05-01', dayOfMonth: 2 });
    const fine = await invoice({ startDate: '2036-05-01', dayOfMonth: 2 });
    // A discount larger than the subtotal: the invoices writer refuses it.
    await db()
      .update(recurringItems)
      .set({ discount: { hasDiscount: true, discountType: 'Amount', discountValue: 1e6 } })
      .where(eq(recurringItems.id, broken));
    const logged: string[] = [];
    await runDueRecurring(h.deps, at('2036-05-02'), (m) => logged.push(m));
    expect(logged).toEqual([`Recurring item ${broken} could not run`]);
    expect(await invoicesOf(broken)).toHaveLength(0);
    expect(await runsOf(broken)).toHaveLength(0);
    expect((await invoicesOf(fine)).map((i) => i.invoiceDate)).toEqual(['2036-05-02']);
    const row = (await db().select().from(recurringItems).where(eq(recurringItems.id, broken)))[0]!;
    expect(row.nextRunDate).toBe('2036-05-02');
  });

  it('never makes dates before the item was saved', async () => {
    // The real clock: a start date in the past makes its first document today at the earliest.
    const id = await invoice({ startDate: '2020-01-01', recurringType: 'day', dayOfMonth: null });
    const it0 = await item('invoices', id);
    const first = it0.nextRuns[0] as string;
    expect(first > '2020-01-01').toBe(true);
    await runDueRecurring(h.deps, new Date());
    const made = await invoicesOf(id);
    expect(made.every((i) => i.invoiceDate >= first)).toBe(true);
  });
});
