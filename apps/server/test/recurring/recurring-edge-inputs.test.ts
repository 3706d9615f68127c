import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@fieldbook/core';
import { runDueRecurring } from '../../src/areas/recurring/index.js';
import { INVOICE_EMAIL } from '../../src/areas/delivery/index.js';
import { invoices, queueJobs, recurringRuns, sendCounts } from '../../src/db/schema/index.js';
import { buildCompany } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';
import { runQueue } from '../support/job-automations-helpers.js';

/** What an attack review of recurring items found, each kept fixed. */

let h: Harness;
const url = (cid: string, rest: string) => `/api/companies/${cid}/recurring/${rest}`;
const db = () => h.deps.database.db;
const today = () => todayIn('Africa/Johannesburg');
/** Noon in Johannesburg (the companies' zone) of a date. */
const at = (ymd: string) => new Date(`${ymd}T10:00:00Z`);

beforeAll(async () => {
  h = await startHarness({ SEND_LIMIT_PER_HOUR: '2' });
});
afterAll(() => h.close());

describe('dates at the edges', () => {
  it('a start long ago answers its next dates from today (its rrule starts near today)', async () => {
    const co = await buildCompany(h);
    const r = await co.owner.api.post(url(co.id, 'expenses'), {
      startDate: '1900-01-01',
      recurringType: 'day',
      description: 'Old',
      price: 1,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.nextRuns[0]).toBe(today());
    const list = await co.owner.api.get(url(co.id, 'all'));
    expect(list.body[0].nextRuns).toHaveLength(5);
  });

  it('refuses a start before 1900, naming it, and answers starts near 9999-12-31 without a 5xx', async () => {
    const co = await buildCompany(h);
    const old = await co.owner.api.post(url(co.id, 'expenses'), {
      startDate: '1899-12-31',
      recurringType: 'day',
      description: 'x',
      price: 1,
    });
    expect(old.status).toBe(400);
    expect(old.body.fields).toHaveProperty('startDate');
    for (const [startDate, recurringType, runs] of [
      ['9999-12-28', 'day', ['9999-12-28', '9999-12-29', '9999-12-30', '9999-12-31']],
      ['9999-12-31', 'week', []],
      ['9999-12-31', 'month', ['9999-12-31']],
    ] as const) {
      const r = await co.owner.api.post(url(co.id, 'expenses'), {
        startDate,
        recurringType,
        ...(recurringType === 'week' && { dayOfWeek: 0 }),
        description: 'Edge',
        price: 1,
      });
      expect(r.status, `${startDate} ${recurringType}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.nextRuns).toEqual(runs);
    }
    const clientId = await buildClient(co.owner.api, co.id);
    const inv = await co.owner.api.post(`/api/companies/${co.id}/invoices`, {
      invoiceDate: '9999-12-31',
      dueDate: '9999-12-31',
      entityId: clientId,
      descriptions: [line()],
      isRecurring: true,
      recurringType: 'day',
    });
    expect(inv.status, JSON.stringify(inv.body)).toBe(200);
    const items = (await co.owner.api.get(url(co.id, 'invoices'))).body;
    expect(items).toHaveLength(1);
    expect(items[0].nextRuns).toEqual([]);
  });
});

describe('money and ids', () => {
  it('makes the invoice it shows: the company tax of the save is kept on the item', async () => {
    const co = await buildCompany(h);
    const clientId = await buildClient(co.owner.api, co.id);
    const tax = {
      ...{ hasTax: true, tD: 'VAT', tV: 15, inc1: false, duc1: false },
      ...{ hasSecondTax: false, t2D: '', t2V: 0, inc2: false, duc2: false },
    };
    await setCompany(co.owner.api, co.id, { tax });
    const day = addDays(today(), 1);
    const r = await co.owner.api.post(url(co.id, 'invoices'), {
      startDate: day,
      recurringType: 'month',
      entityId: clientId,
      descriptions: [line({ description: 'Service', price: 100, qty: 1 })],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await setCompany(co.owner.api, co.id, { tax: { ...tax, hasTax: false, tV: 0 } });
    const shown = (await co.owner.api.get(url(co.id, `invoices/${r.body._id}`))).body.total;
    expect(shown).toBe(115);
    await runDueRecurring(h.deps, at(day), () => {});
    const [run] = await db()
      .select()
      .from(recurringRuns)
      .where(eq(recurringRuns.recurringItemId, r.body._id));
    const [made] = await db().select().from(invoices).where(eq(invoices.id, run!.documentId!));
    expect(Number(made!.total)).toBe(shown);
  });

  it("refuses a job id that is not one of the company's", async () => {
    const co = await buildCompany(h);
    const clientId = await buildClient(co.owner.api, co.id);
    const r = await co.owner.api.post(url(co.id, 'invoices'), {
      startDate: addDays(today(), 3),
      recurringType: 'month',
      entityId: clientId,
      descriptions: [line()],
      appointmentId: '11111111-1111-4111-8111-111111111111',
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('appointmentId');
  });
});

describe('the hourly sending limit (SEND_LIMIT_PER_HOUR=2)', () => {
  it('counts recurring sends when they go, and puts the rest off to the next hour', async () => {
    const co = await buildCompany(h);
    const clientId = await buildClient(co.owner.api, co.id, { email: 'client@example.test' });
    const day = addDays(today(), 2);
    for (let i = 0; i < 3; i++) {
      const r = await co.owner.api.post(url(co.id, 'invoices'), {
        startDate: day,
        recurringType: 'day',
        entityId: clientId,
        toEmail: 'client@example.test',
        descriptions: [line({ description: `Visit ${i}` })],
        sendOnCreation: true,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    await runDueRecurring(h.deps, at(day), () => {});
    await runQueue(h);
    const mine = (await db().select().from(queueJobs).where(eq(queueJobs.companyId, co.id))).filter(
      (j) => j.kind === INVOICE_EMAIL,
    );
    expect(mine.filter((j) => j.state === 'done')).toHaveLength(2);
    const waiting = mine.filter((j) => j.state === 'queued');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.attempts).toBe(0);
    expect(waiting[0]!.lastError).toContain('Sending limit');
    const nextHour = new Date();
    nextHour.setUTCMinutes(60, 0, 0);
    expect(waiting[0]!.runAt.getTime()).toBeGreaterThanOrEqual(nextHour.getTime());
    const counts = await db().select().from(sendCounts).where(eq(sendCounts.companyId, co.id));
    expect(counts.reduce((n, c) => n + c.count, 0)).toBe(2);
  });
});
