import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allRights,
  DEFAULT_LEDGER_ACCOUNTS,
  SAGE_INVOICE_COLUMNS,
  SAGE_SUPPLIER_COLUMNS,
  type GroupRights,
} from '@fieldbook/core';
import { runDueRecurring } from '../../src/areas/recurring/index.js';
import { appointments, recurringRuns, suppliers } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, buildMember } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { createAccount } from '../support/ledger-helpers.js';

/**
 * The accounting-package CSV of /recurring for every type (finance spec §2,
 * docs/exports.md): invoices and jobs as the customer invoices they will make,
 * expenses as supplier invoices, all as both, in the invoices' Sage format.
 */

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let other: Awaited<ReturnType<typeof buildCompany>>;
let clientId: string;
let supplierId: string;
const url = (cid: string, rest: string) => `/api/companies/${cid}/recurring/${rest}`;
const ref = (id: string) => `REC-${id.slice(0, 8).toUpperCase()}`;
/** Noon in Johannesburg (the company's zone) of a date. */
const at = (ymd: string) => new Date(`${ymd}T10:00:00Z`);

/** The file's lines, BOM and the last CRLF dropped. */
async function lines(api: typeof co.owner.api, type: string): Promise<string[]> {
  const r = await api.get(url(co.id, `${type}/exportSage`));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.headers['content-disposition']).toBe(
    `attachment; filename="recurring-${type}-sage.csv"`,
  );
  return Buffer.from(r.body)
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');
}

async function create(type: string, body: Record<string, unknown>): Promise<string> {
  const r = await co.owner.api.post(url(co.id, type), body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

let invoiceId: string;
let expenseId: string;
let jobId: string;
let emptyJobId: string;

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  other = await buildCompany(h);
  clientId = await buildClient(co.owner.api, co.id, { name: 'Acme', surname: 'Ltd' });
  const [s] = await h.deps.database.db
    .insert(suppliers)
    .values({ companyId: co.id, name: '=Paper Co', surname: '' })
    .returning({ id: suppliers.id });
  supplierId = s!.id;
  // VAT 15 % on top: a job's invoice takes the company's tax of the day it is made.
  const taxed = await co.owner.api.post(`/api/companies/${co.id}`, {
    companyName: 'Taxed Ltd',
    tax: {
      hasTax: true,
      tD: 'VAT',
      tV: 15,
      inc1: false,
      duc1: false,
      hasSecondTax: false,
      t2D: '',
      t2V: 0,
      inc2: false,
      duc2: false,
    },
  });
  expect(taxed.status, JSON.stringify(taxed.body)).toBe(200);
  const rent = await createAccount(co.owner.api, co.id, {
    name: 'Rent',
    type: 'indirectCost',
    account: '6100',
  });
  invoiceId = await create('invoices', {
    startDate: '2031-05-01',
    recurringType: 'month',
    dayOfMonth: 1,
    entityId: clientId,
    descriptions: [line({ description: 'Retainer', price: 100, qty: 1 })],
  });
  expenseId = await create('expenses', {
    startDate: '2031-05-03',
    recurringType: 'month',
    dayOfMonth: 3,
    description: 'Office rent',
    price: '1234,50',
    supplierId,
    ledgerAccountId: rent,
  });
  await create('expenses', {
    startDate: '2031-05-04',
    recurringType: 'month',
    dayOfMonth: 4,
    description: 'Fuel',
    price: 80,
  });
  jobId = await create('calender', {
    startDate: '2031-05-02',
    recurringType: 'month',
    dayOfMonth: 2,
    entityId: clientId,
    faultDescription: 'Service the pump',
    descriptions: [
      line({ description: 'Pump service', price: 200, qty: 1 }),
      line({ description: 'Filter', price: 50, qty: 2, hasTax: false }),
    ],
  });
  // No lines: it makes no invoice, so it has no rows.
  emptyJobId = await create('calender', {
    startDate: '2031-05-02',
    recurringType: 'month',
    dayOfMonth: 2,
    entityId: clientId,
    faultDescription: 'Look at it',
  });
});
afterAll(() => h.close());

describe('the accounting-package CSV of every recurring type', () => {
  it('expenses: one PI row per item, as the expenses export writes them', async () => {
    const rows = await lines(co.owner.api, 'expenses');
    expect(rows[0]).toBe(SAGE_SUPPLIER_COLUMNS.join(','));
    expect(rows.slice(1).sort()).toEqual(
      [
        `PI,${supplierId.slice(0, 8).toUpperCase()},03/05/2031,'=Paper Co,${ref(expenseId)},6100,Office rent,1234.50,Zero,0.00,1234.50`,
        // No account of its own: the default cost account; no supplier: no reference.
        `PI,,04/05/2031,,${ref((await itemsOf('expenses')).find((i) => i.description === 'Fuel')!._id)},${DEFAULT_LEDGER_ACCOUNTS.cost.account},Fuel,80.00,Zero,0.00,80.00`,
      ].sort(),
    );
  });

  it('jobs: the invoice each will make from its lines, dated on its next run', async () => {
    const rows = await lines(co.owner.api, 'calender');
    expect(rows[0]).toBe(SAGE_INVOICE_COLUMNS.join(','));
    const c = clientId.slice(0, 8).toUpperCase();
    const inc = DEFAULT_LEDGER_ACCOUNTS.income.account;
    // The company's tax (15 % exclusive VAT) on the taxed line only.
    expect(rows.slice(1)).toEqual([
      `SI,${c},02/05/2031,Acme Ltd,${ref(jobId)},${inc},Pump service,200.00,Standard,30.00,230.00`,
      `SI,${c},02/05/2031,Acme Ltd,${ref(jobId)},${inc},Filter,100.00,Zero,0.00,100.00`,
    ]);
    expect(rows.join('\n')).not.toContain(ref(emptyJobId));
  });

  it('all: the invoices and jobs as SI rows, then the expenses as PI rows, in one file', async () => {
    const rows = await lines(co.owner.api, 'all');
    expect(rows[0]).toBe(SAGE_INVOICE_COLUMNS.join(','));
    const kinds = rows.slice(1).map((r) => r.split(',')[0]);
    expect(kinds).toEqual(['SI', 'SI', 'SI', 'PI', 'PI']);
    for (const id of [invoiceId, jobId, expenseId]) expect(rows.join('\n')).toContain(ref(id));
    // Invoices keep their own file as before.
    const inv = await lines(co.owner.api, 'invoices');
    expect(inv.slice(1)).toHaveLength(1);
    expect(inv[1]).toContain(`01/05/2031,Acme Ltd,${ref(invoiceId)}`);
  });

  it('a job made by a run carries the lines the export counted', async () => {
    await runDueRecurring(h.deps, at('2031-05-02'));
    const made = await h.deps.database.db
      .select()
      .from(appointments)
      .innerJoin(recurringRuns, eq(recurringRuns.documentId, appointments.id))
      .where(eq(recurringRuns.recurringItemId, jobId));
    expect(made).toHaveLength(1);
    expect(
      made[0]!.appointments.lineItems.map((l) => [l.description, Number(l.price), Number(l.qty)]),
    ).toEqual([
      ['Pump service', 200, 1],
      ['Filter', 50, 2],
    ]);
    // The next run is a month on.
    const rows = await lines(co.owner.api, 'calender');
    expect(rows[1]).toContain(`02/06/2031,Acme Ltd,${ref(jobId)}`);
  });

  it("refuses a job's line with another company's item or no description, naming the field", async () => {
    const base = { startDate: '2031-05-02', recurringType: 'month', entityId: clientId };
    const foreign = await co.owner.api.post(url(co.id, 'calender'), {
      ...base,
      descriptions: [line({ description: 'X', price: 1, itemId: randomUUID() })],
    });
    expect(foreign.status).toBe(400);
    expect(JSON.stringify(foreign.body.fields)).toContain('descriptions.0.itemId');
    const blank = await co.owner.api.post(url(co.id, 'calender'), {
      ...base,
      descriptions: [line({ description: '', price: 1 })],
    });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body.fields)).toContain('descriptions.0.description');
  });
});

describe('access to the accounting-package CSV', () => {
  const member = (rights: Partial<Record<string, GroupRights['invoices']>>) =>
    buildMember(h, co.id, { ...allRights(true), ...rights } as GroupRights);
  const none = { r: false, c: false, u: false, d: false };

  it('401 without a token, 404 for another company', async () => {
    expect((await anonymous(h).get(url(co.id, 'expenses/exportSage'))).status).toBe(401);
    const r = await other.owner.api.get(url(co.id, 'all/exportSage'));
    expect(r.status).toBe(404);
  });

  it("403 without the type's flag; job rows need invoices r; all leaves out what may not be read", async () => {
    const noExpenses = await member({ expenses: none });
    expect((await noExpenses.api.get(url(co.id, 'expenses/exportSage'))).status).toBe(403);
    const allRows = await lines(noExpenses.api, 'all');
    expect(allRows.slice(1).every((r) => r.startsWith('SI,'))).toBe(true);

    const noInvoices = await member({ invoices: none });
    // A job's rows show prices: without invoices r the file has none.
    expect(await lines(noInvoices.api, 'calender')).toEqual([SAGE_INVOICE_COLUMNS.join(',')]);
    expect((await noInvoices.api.get(url(co.id, 'invoices/exportSage'))).status).toBe(403);
    const theirs = await lines(noInvoices.api, 'all');
    expect(theirs.slice(1).map((r) => r.split(',')[0])).toEqual(['PI', 'PI']);
  });
});

async function itemsOf(type: string): Promise<{ _id: string; description: string }[]> {
  const r = await co.owner.api.get(url(co.id, type));
  return r.body as { _id: string; description: string }[];
}
