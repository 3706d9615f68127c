import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@fieldbook/core';
import { runDueRecurring } from '../../src/areas/recurring/index.js';
import { recurringItems, recurringRuns } from '../../src/db/schema/index.js';
import { buildCompany, type Loose } from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let clientId: string;
const db = () => h.deps.database.db;
const TZ = 'Africa/Johannesburg';

const itemsMadeFrom = (documentId: string) =>
  db()
    .select({ item: recurringItems })
    .from(recurringRuns)
    .innerJoin(recurringItems, eq(recurringItems.id, recurringRuns.recurringItemId))
    .where(eq(recurringRuns.documentId, documentId));

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  clientId = await buildClient(co.owner.api, co.id);
});
afterAll(() => h.close());

describe('the recurring switch of an invoice or expense', () => {
  it('an invoice saved with the switch on makes one item; its first run is the next date after it', async () => {
    const today = todayIn(TZ);
    const inv: Loose = await buildInvoice(co.owner.api, co.id, clientId, {
      invoiceDate: today,
      dueDate: addDays(today, 10),
      isRecurring: true,
      recurringType: 'week',
      descriptions: [line({ description: 'Weekly clean', price: 300 })],
    });
    const made = await itemsMadeFrom(inv._id);
    expect(made).toHaveLength(1);
    const it0 = made[0]!.item;
    expect(it0).toMatchObject({
      type: 'invoices',
      startDate: today,
      recurringType: 'week',
      lastRunDate: today,
      nextRunDate: addDays(today, 7),
      entityId: clientId,
    });
    expect((it0.document as Loose).dueDays).toBe(10);

    // Saved again (still on): no second item.
    const again = await co.owner.api.post(`/api/companies/${co.id}/invoices`, {
      ...inv,
      _id: inv._id,
      notes: 'changed',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await itemsMadeFrom(inv._id)).toHaveLength(1);

    // The scheduler never makes the invoice's own date again.
    await runDueRecurring(h.deps, new Date(`${addDays(today, 7)}T10:00:00Z`));
    const runs = await db()
      .select()
      .from(recurringRuns)
      .where(eq(recurringRuns.recurringItemId, it0.id));
    expect(runs.map((r) => r.occurrenceDate).sort()).toEqual([today, addDays(today, 7)]);
  });

  it('an old invoice switched on starts from today at the earliest', async () => {
    const inv: Loose = await buildInvoice(co.owner.api, co.id, clientId, {
      invoiceDate: '2020-01-15',
      dueDate: '2020-01-22',
      isRecurring: true,
      recurringType: 'month',
    });
    const [m] = await itemsMadeFrom(inv._id);
    expect(m!.item.nextRunDate! >= todayIn(TZ)).toBe(true);
    expect(m!.item.nextRunDate!.slice(8)).toBe('15');
  });

  it('an expense saved with the switch on makes one item, once', async () => {
    const today = todayIn(TZ);
    const save = (data: unknown) => {
      const form = { data: JSON.stringify(data) };
      return co.owner.api.upload(`/api/companies/${co.id}/expenses`, form, {});
    };
    const r = await save({
      expenseDate: today,
      description: 'Phone',
      price: '99,90',
      isRecurring: true,
      recurringType: 'month',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const made = await itemsMadeFrom(r.body._id);
    expect(made).toHaveLength(1);
    expect(made[0]!.item).toMatchObject({ type: 'expenses', total: '99.90', lastRunDate: today });
    const again = await save({
      _id: r.body._id,
      expenseDate: today,
      description: 'Phone',
      price: '99,90',
      isRecurring: true,
      recurringType: 'month',
    });
    expect(again.status).toBe(200);
    expect(await itemsMadeFrom(r.body._id)).toHaveLength(1);
    // Off: nothing is made.
    const plain = await save({ expenseDate: today, description: 'Once', price: 5 });
    expect(await itemsMadeFrom(plain.body._id)).toHaveLength(0);
  });
});
