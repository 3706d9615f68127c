import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allRights,
  COUNT_WITH_END_MESSAGE,
  DEFAULT_LEDGER_ACCOUNTS,
  SAGE_INVOICE_COLUMNS,
  RECURRING_NOT_FOUND,
  type GroupRights,
} from '@fieldbook/core';
import { suppliers } from '../../src/db/schema/index.js';
import { buildCompany, buildMember, type Loose } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let other: Awaited<ReturnType<typeof buildCompany>>;
let clientId: string;
let foreignClientId: string;
let supplierId: string;

const url = (cid: string, rest: string) => `/api/companies/${cid}/recurring/${rest}`;
// Far enough ahead that the real clock never reaches it while these tests live.
const START = '2030-11-01';

const invoiceItem = (over: Record<string, unknown> = {}) => ({
  startDate: START,
  recurringType: 'month',
  dayOfMonth: 31,
  entityId: clientId,
  descriptions: [line({ description: 'Monthly service', price: 250, qty: 2 })],
  ...over,
});

async function save(type: string, body: unknown, c = co): Promise<Loose> {
  const r = await c.owner.api.post(url(c.id, type), body);
  return r;
}

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  other = await buildCompany(h);
  clientId = await buildClient(co.owner.api, co.id, { name: 'Acme', surname: 'Ltd' });
  foreignClientId = await buildClient(other.owner.api, other.id);
  const [s] = await h.deps.database.db
    .insert(suppliers)
    .values({ companyId: co.id, name: 'Paper Co', surname: '' })
    .returning({ id: suppliers.id });
  supplierId = s!.id;
});
afterAll(() => h.close());

describe('recurring invoices', () => {
  it('creates, answers the next five dates (month end on shorter months), reads and lists it', async () => {
    const r = await save('invoices', invoiceItem());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.nextRuns).toEqual([
      '2030-11-30',
      '2030-12-31',
      '2031-01-31',
      '2031-02-28',
      '2031-03-31',
    ]);
    const got = await co.owner.api.get(url(co.id, `invoices/${r.body._id}`));
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      type: 'invoices',
      active: true,
      total: 500,
      lastRunDate: null,
      dueDays: 7,
      client: { name: 'Acme', surname: 'Ltd' },
      to: 'Acme Ltd',
    });
    const list = await co.owner.api.get(url(co.id, 'invoices'));
    expect(list.body.map((i: Loose) => i._id)).toContain(r.body._id);
    const all = await co.owner.api.get(url(co.id, 'all'));
    expect(all.body.map((i: Loose) => i._id)).toContain(r.body._id);
  });

  it('updates with _id; an inactive item answers no next runs', async () => {
    const { body } = await save('invoices', invoiceItem());
    const r = await save('invoices', invoiceItem({ _id: body._id, active: false }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ _id: body._id, nextRuns: [] });
    const got = await co.owner.api.get(url(co.id, `invoices/${body._id}`));
    expect(got.body.active).toBe(false);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ entityId: undefined }, 'entityId'],
      [{ entityId: foreignClientId }, 'entityId'],
      [{ descriptions: [] }, 'descriptions'],
      [{ maxOccurrences: 3, endDate: '2031-01-01' }, 'endDate'],
      [{ recurringType: 'fortnight' }, 'recurringType'],
      [{ startDate: '2030-02-30' }, 'startDate'],
      [{ invoiceTemplateId: '00000000-0000-4000-8000-000000000000' }, 'invoiceTemplateId'],
      [{ notes: 'a\u0000b' }, 'notes'],
    ];
    for (const [over, field] of cases) {
      const r = await save('invoices', invoiceItem(over));
      expect(r.status, `${field}: ${JSON.stringify(r.body)}`).toBe(400);
      expect(Object.keys(r.body.fields ?? {}), JSON.stringify(r.body)).toContain(field);
    }
    const r = await save('invoices', invoiceItem({ entityId: undefined }));
    expect(r.body.fields.entityId).toBe('Please select a client');
    const both = await save('invoices', invoiceItem({ maxOccurrences: 3, endDate: '2031-01-01' }));
    expect(both.body.fields.endDate).toBe(COUNT_WITH_END_MESSAGE);
  });

  it('answers 404 for another company’s id, a wrong type or a bad id', async () => {
    const theirs = (await save('invoices', invoiceItem({ entityId: foreignClientId }), other)).body
      ._id as string;
    const mine = (await save('invoices', invoiceItem())).body._id as string;
    for (const path of [`invoices/${theirs}`, `expenses/${mine}`, 'invoices/nope']) {
      const r = await co.owner.api.get(url(co.id, path));
      expect(r.status, path).toBe(404);
    }
    expect((await co.owner.api.get(url(co.id, `invoices/${theirs}`))).body.error).toBe(
      RECURRING_NOT_FOUND,
    );
    expect((await save('invoices', invoiceItem({ _id: theirs }))).status).toBe(404);
    expect((await co.owner.api.post(url(co.id, `invoices/${theirs}/delete`))).status).toBe(404);
    // Theirs is untouched.
    expect((await other.owner.api.get(url(other.id, `invoices/${theirs}`))).status).toBe(200);
  });

  it('deletes', async () => {
    const id = (await save('invoices', invoiceItem())).body._id as string;
    const r = await co.owner.api.post(url(co.id, `invoices/${id}/delete`));
    expect(r.body).toEqual({ message: 'Deleted' });
    expect((await co.owner.api.get(url(co.id, `invoices/${id}`))).status).toBe(404);
  });

  it('exports CSV with formula cells neutralised, and the Sage CSV one row per line', async () => {
    await save(
      'invoices',
      invoiceItem({
        descriptions: [line({ description: '=HYPERLINK("x")', price: 10 }), line({ price: 5 })],
      }),
    );
    const r = await co.owner.api.get(url(co.id, 'invoices/export'));
    expect(r.status).toBe(200);
    const text = Buffer.from(r.body).toString('utf8');
    expect(text).toContain('Type;Client or supplier;Description;Frequency');
    expect(text).toContain(`'=HYPERLINK`);
    const sage = await co.owner.api.get(url(co.id, 'invoices/exportSage'));
    expect(sage.status).toBe(200);
    const rows = Buffer.from(sage.body).toString('utf8').trim().split('\r\n');
    // The invoices' own Sage file (core's sageInvoicesCsv): commas, DD/MM/YYYY.
    expect(rows[0]).toContain(
      'Type,Customer Reference,Date,Customer Name,Reference,Ledger Account',
    );
    expect(rows.some((x) => x.includes(`'=HYPERLINK`) && x.includes('30/11/2030'))).toBe(true);
    // Every type has its file (recurring-accounting-csv.test.ts).
    const expenses = await co.owner.api.get(url(co.id, 'expenses/exportSage'));
    expect(expenses.status).toBe(200);
  });
});

describe('the exports read back by a spreadsheet parser', () => {
  /** The CSV as ExcelJS's CSV reader (fast-csv) reads it: the BOM dropped. */
  async function sheet(text: string, delimiter = ';') {
    const wb = new ExcelJS.Workbook();
    const ws = await wb.csv.read(Readable.from([text.replace(/^\ufeff/, '')]), {
      parserOptions: { delimiter },
    });
    const rows: unknown[][] = [];
    ws.eachRow((row) => {
      row.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula));
      rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  }

  it('the list and the Sage CSV: headers, text neutralised, amounts as numbers', async () => {
    const id = (
      await save(
        'invoices',
        invoiceItem({
          descriptions: [line({ description: '+cmd|calc', price: 12.5, qty: 2 })],
          category: 'Parsed',
        }),
      )
    ).body._id as string;
    const list = await sheet(
      Buffer.from((await co.owner.api.get(url(co.id, 'all/export'))).body).toString('utf8'),
    );
    expect(list[0]).toEqual([
      'Type',
      'Client or supplier',
      'Description',
      'Frequency',
      'Start',
      'Next run',
      'Last run',
      'Active',
      'Total',
    ]);
    const mine = list.find((r) => r[2] === "'+cmd|calc");
    expect(mine, JSON.stringify(list)).toBeDefined();
    expect(mine![0]).toBe('Invoice');
    expect(mine![1]).toBe('Acme Ltd');
    expect(mine![3]).toBe('Monthly on day 31');
    expect(mine![8]).toBe(25);
    const sage = await sheet(
      Buffer.from((await co.owner.api.get(url(co.id, 'invoices/exportSage'))).body).toString(
        'utf8',
      ),
      ',',
    );
    expect(sage[0]).toEqual(SAGE_INVOICE_COLUMNS);
    const row = sage.find((r) => r[6] === "'+cmd|calc");
    expect(row, JSON.stringify(sage)).toBeDefined();
    expect(row![0]).toBe('SI');
    // A reference of digits only (or digits with one e) reads back as a number, losing any
    // leading zero: compare it as the parser reads the expected text.
    const ref = clientId.slice(0, 8).toUpperCase();
    if (typeof row![1] === 'number') expect(row![1]).toBe(Number(ref));
    else expect(row![1]).toBe(ref);
    expect(row![4]).toBe(`REC-${id.slice(0, 8).toUpperCase()}`);
    // Booked to the default income account, as the invoice it makes will be.
    expect(String(row![5])).toBe(DEFAULT_LEDGER_ACCOUNTS.income.account);
    expect(row![7]).toBe(25);
    expect(row![10]).toBe(25);
  });
});

describe('recurring expenses and jobs', () => {
  it('saves an expense with a comma decimal price and a supplier', async () => {
    const r = await save('expenses', {
      startDate: START,
      recurringType: 'week',
      dayOfWeek: 0,
      description: 'Rent',
      price: '1234,50',
      supplierId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.nextRuns[0]).toBe('2030-11-04');
    const got = await co.owner.api.get(url(co.id, `expenses/${r.body._id}`));
    expect(got.body).toMatchObject({ price: 1234.5, total: 1234.5, to: 'Paper Co', supplierId });
  });

  it('refuses an expense without description, with a price of 0 or another company’s supplier', async () => {
    const base = { startDate: START, recurringType: 'month', description: 'Rent', price: 10 };
    const [s] = await h.deps.database.db
      .insert(suppliers)
      .values({ companyId: other.id, name: 'Theirs', surname: '' })
      .returning({ id: suppliers.id });
    for (const [over, field] of [
      [{ description: '' }, 'description'],
      [{ price: '0' }, 'price'],
      [{ price: 'abc' }, 'price'],
      [{ supplierId: s!.id }, 'supplierId'],
    ] as const) {
      const r = await save('expenses', { ...base, ...over });
      expect(r.status, field).toBe(400);
      expect(r.body.fields, JSON.stringify(r.body)).toHaveProperty(field);
    }
  });

  it('saves a job with the company’s first type by default; refuses another company’s type and user', async () => {
    const r = await save('calender', {
      startDate: START,
      recurringType: 'day',
      separationCount: 1,
      startTime: '09:30',
      durationMinutes: 90,
      faultDescription: 'Check the pump',
      entityId: clientId,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.nextRuns.slice(0, 3)).toEqual(['2030-11-01', '2030-11-03', '2030-11-05']);
    const got = await co.owner.api.get(url(co.id, `calender/${r.body._id}`));
    expect(got.body.appointmentTypeId).toMatch(/^[0-9a-f-]{36}$/);
    const theirType = (await other.owner.api.get(`/api/companies/${other.id}/appointments/types`))
      .body[0]?._id as string;
    expect(theirType).toMatch(/^[0-9a-f-]{36}$/);
    const bad = [
      [{ appointmentTypeId: theirType }, 'appointmentTypeId'] as const,
      [{ userId: other.owner.id }, 'userId'] as const,
      [{ entityId: foreignClientId }, 'entityId'] as const,
      [{ startTime: '25:00' }, 'startTime'] as const,
    ];
    for (const [over, field] of bad) {
      const x = await save('calender', { startDate: START, recurringType: 'day', ...over });
      expect(x.status, field).toBe(400);
      expect(x.body.fields, JSON.stringify(x.body)).toHaveProperty(field);
    }
  });
});

describe('access', () => {
  const member = (area: 'invoices' | 'expenses' | 'appointments', flags: GroupRights['invoices']) =>
    buildMember(h, co.id, { ...allRights(true), [area]: flags });

  it('answers 403 without the flag of the type’s area, and `all` lists only readable types', async () => {
    const id = (await save('invoices', invoiceItem())).body._id as string;
    const noRead = await member('invoices', { c: true, u: true, d: true });
    expect((await noRead.api.get(url(co.id, 'invoices'))).status).toBe(403);
    expect((await noRead.api.get(url(co.id, `invoices/${id}`))).status).toBe(403);
    expect((await noRead.api.get(url(co.id, 'invoices/export'))).status).toBe(403);
    const all = await noRead.api.get(url(co.id, 'all'));
    expect(all.status).toBe(200);
    expect(all.body.every((i: Loose) => i.type !== 'invoices')).toBe(true);
    const noCreate = await member('invoices', { r: true, u: true, d: true });
    expect((await noCreate.api.post(url(co.id, 'invoices'), invoiceItem())).status).toBe(403);
    const noUpdate = await member('invoices', { r: true, c: true, d: true });
    expect((await noUpdate.api.post(url(co.id, 'invoices'), invoiceItem({ _id: id }))).status).toBe(
      403,
    );
    const noDelete = await member('invoices', { r: true, c: true, u: true });
    expect((await noDelete.api.post(url(co.id, `invoices/${id}/delete`))).status).toBe(403);
    const noJobs = await member('appointments', { c: true, u: true, d: true });
    expect((await noJobs.api.get(url(co.id, 'calender'))).status).toBe(403);
  });
});
