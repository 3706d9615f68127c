import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DISCOUNT, DEFAULT_TAX, allRights, type Flag } from '@fieldbook/core';
import { recomputeOutstanding } from '../../src/areas/clients/clients.repo.js';
import { clientDocuments, clients, invoices } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildPeriodAccount } from '../support/statement-period.js';

/** Statements, outstanding, documents and the export of clients (clients.test.ts: the rest). */

let h: Harness;
let cid: string;
let owner: TestUser;
let foreign: { id: string; owner: TestUser };
let foreignClientId: string;

const url = (path = '', company = cid) => `/api/companies/${company}${path}`;
const db = () => h.deps.database.db;
const countDocuments = async () => (await db().select().from(clientDocuments)).length;

const FIELDS = [
  { description: 'size', label: 'Size', type: 'select', options: ['S', 'M', 'L'] },
  { description: 'age', label: 'Age', type: 'number' },
  { description: 'vip', label: 'VIP', type: 'switch' },
  { description: 'since', label: 'Client since', type: 'date' },
  { description: 'note', label: 'Note', type: 'text' },
];

/** A member with every right except clients.<flag>. */
const without = (flag: Flag) => {
  const r = allRights(true);
  r.clients[flag] = false;
  return buildMember(h, cid, r);
};

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  foreign = await buildCompany(h);
  foreignClientId = await buildClient(foreign.owner.api, foreign.id);
});
afterAll(() => h.close());

/** An invoice written straight into the table (totals as strings, as drizzle takes numeric). */
async function insertInvoice(
  companyId: string,
  entityId: string,
  v: Partial<typeof invoices.$inferInsert>,
) {
  await db()
    .insert(invoices)
    .values({
      companyId,
      entityId,
      invoiceDate: '2026-01-10',
      dueDate: '2026-01-17',
      descriptions: [],
      discount: DEFAULT_DISCOUNT,
      tax: DEFAULT_TAX,
      subtotal: '0',
      discountTotal: '0',
      net: '0',
      tax1: '0',
      tax2: '0',
      total: '0',
      ...v,
    });
}

describe('statements and outstanding', () => {
  it('builds the statement of two invoices and a payment; outstanding follows the invoices', async () => {
    const id = await buildClient(owner.api, cid, { name: 'Debtor' });
    await insertInvoice(cid, id, {
      invoiceNumber: 'INV00002',
      invoiceDate: '2026-02-01',
      total: '250.50',
    });
    await insertInvoice(cid, id, {
      invoiceNumber: 'INV00001',
      total: '1000.00',
      amountPaid: '400.00',
      datePaid: '2026-01-20',
    });
    await insertInvoice(cid, id, { quoteNumber: 'QUO00001', isQuote: true, total: '999.99' });
    await recomputeOutstanding(db(), cid, [id]);
    const s = await owner.api.get(url(`/entities/${id}/statement`));
    expect(s.status).toBe(200);
    expect(s.body.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(s.body.total).toBe(850.5);
    expect(
      s.body.lineItems.map((l: Record<string, unknown>) => [
        l.invoiceDate,
        l.debit_credit,
        l.total,
        l.rolling,
      ]),
    ).toEqual([
      ['2026-01-10', 'debit', 1000, 1000],
      ['2026-01-20', 'credit', 400, 600],
      ['2026-02-01', 'debit', 250.5, 850.5],
    ]);
    const sum = Object.values(s.body.aging as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(850.5, 2);
    const listed = (await owner.api.get(url('/entities'))).body.find(
      (c: { _id: string }) => c._id === id,
    );
    expect(listed.outstanding).toBe(850.5);
    expect((await (await without('r')).api.get(url(`/entities/${id}/statement`))).status).toBe(403);
  });

  it('recomputeOutstanding touches only the given clients of the company', async () => {
    const a = await buildClient(owner.api, cid);
    await insertInvoice(cid, a, { total: '10.00' });
    await insertInvoice(foreign.id, foreignClientId, { total: '5.00' });
    await recomputeOutstanding(db(), cid, [a, foreignClientId]);
    const out = async (id: string) =>
      (await db().select().from(clients).where(eq(clients.id, id)))[0]!.outstanding;
    expect(await out(a)).toBe('10.00');
    expect(await out(foreignClientId)).toBe('0.00');
    await recomputeOutstanding(db(), foreign.id, []);
  });
});

describe('the statement of a period (?from&to)', () => {
  /** The lines as [date, kind, number, amount, rolling]. */
  const rows = (body: { lineItems: Record<string, unknown>[] }) =>
    body.lineItems.map((l) => [l.invoiceDate, l.debit_credit, l.invoiceNumber, l.total, l.rolling]);

  it("brings the balance forward, keeps the period's lines and closes at its end, to the cent", async () => {
    const id = await buildClient(owner.api, cid, { name: 'Period' });
    const { numbers } = await buildPeriodAccount(owner.api, cid, id);
    const [a, b, c] = numbers;
    const get = (q = '') => owner.api.get(url(`/entities/${id}/statement${q}`));

    const whole = (await get()).body;
    expect(rows(whole)).toEqual([
      ['2026-01-15', 'debit', a, 999.99, 999.99],
      ['2026-02-10', 'credit', a, 500, 499.99],
      ['2026-02-20', 'debit', b, 250.55, 750.54],
      ['2026-03-15', 'credit', b, 250.55, 499.99],
      ['2026-03-31', 'debit', c, 80.1, 580.09],
    ]);
    expect(whole.total).toBe(580.09);

    const feb = await get('?from=2026-02-01&to=2026-02-28');
    expect(feb.status, JSON.stringify(feb.body)).toBe(200);
    expect(rows(feb.body)).toEqual([
      ['2026-02-01', 'debit', '', 999.99, 999.99],
      ['2026-02-10', 'credit', a, 500, 499.99],
      ['2026-02-20', 'debit', b, 250.55, 750.54],
    ]);
    expect(feb.body.lineItems[0]).toMatchObject({
      _id: '',
      description: 'Balance brought forward',
    });
    expect(feb.body.total).toBe(750.54);
    // Aging is today's, whatever the period.
    expect(feb.body.aging).toEqual(whole.aging);
    expect(feb.body.asOf).toBe(whole.asOf);

    const fromMarch = (await get('?from=2026-03-01')).body;
    expect(rows(fromMarch)).toEqual([
      ['2026-03-01', 'debit', '', 750.54, 750.54],
      ['2026-03-15', 'credit', b, 250.55, 499.99],
      ['2026-03-31', 'debit', c, 80.1, 580.09],
    ]);
    expect(fromMarch.total).toBe(580.09);

    const toMidFeb = (await get('?to=2026-02-15')).body;
    expect(rows(toMidFeb)).toEqual([
      ['2026-01-15', 'debit', a, 999.99, 999.99],
      ['2026-02-10', 'credit', a, 500, 499.99],
    ]);
    expect(toMidFeb.total).toBe(499.99);

    const quiet = (await get('?from=2026-03-16&to=2026-03-30')).body;
    expect(rows(quiet)).toEqual([['2026-03-16', 'debit', '', 499.99, 499.99]]);
    expect(quiet.total).toBe(499.99);
  });

  it('refuses a date that is not YYYY-MM-DD, or from after to, with a 400 naming the field', async () => {
    const id = await buildClient(owner.api, cid);
    const get = (q: string) => owner.api.get(url(`/entities/${id}/statement${q}`));
    const bad: [string, string][] = [
      ['?from=2026-02-30', 'from'],
      ['?from=', 'from'],
      ['?to=31/03/2026', 'to'],
      ['?from=2026-01-01&to=yesterday', 'to'],
    ];
    for (const [q, field] of bad) {
      const r = await get(q);
      expect(r.status, q).toBe(400);
      expect(r.body.fields, q).toEqual({ [field]: 'must be a date (YYYY-MM-DD)' });
    }
    const reversed = await get('?from=2026-03-02&to=2026-03-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body).toEqual({
      error: 'from must be on or before to',
      fields: { from: 'must be on or before to' },
    });
    expect((await get('?from=2026-03-01&to=2026-03-01')).status).toBe(200);
  });
});

describe('client documents', () => {
  const file = (data: Buffer, filename = 'contract ü.pdf', type = 'application/pdf') => ({
    file: { data, filename, type },
  });

  it('uploads a file of any type and downloads it back', async () => {
    const id = await buildClient(owner.api, cid);
    const data = Buffer.from('%PDF-1.4 not really a pdf \u0000\u00ff', 'latin1');
    const up = await owner.api.upload(url(`/entities/${id}/document`), {}, file(data));
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({
      name: 'contract ü.pdf',
      contentType: 'application/pdf',
      size: data.length,
    });
    const detail = await owner.api.get(url(`/entities/${id}`));
    expect(detail.body.documents).toEqual([up.body]);
    const dl = await owner.api.get(url(`/entities/${id}/documents/${up.body._id}`));
    expect(dl.status).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['content-disposition']).toBe(
      `attachment; filename="contract _.pdf"; filename*=UTF-8''contract%20%C3%BC.pdf`,
    );
    expect(Buffer.compare(dl.body as Buffer, data)).toBe(0);
    // Another client's path does not reach the document.
    const other = await buildClient(owner.api, cid);
    expect((await owner.api.get(url(`/entities/${other}/documents/${up.body._id}`))).status).toBe(
      404,
    );
  });

  it('refuses a missing file, foreign clients, no token and no u right; writes nothing', async () => {
    const id = await buildClient(owner.api, cid);
    const before = await countDocuments();
    const none = await owner.api.upload(url(`/entities/${id}/document`), { note: 'x' }, {});
    expect(none.status).toBe(400);
    expect(none.body.fields).toHaveProperty(['file']);
    const data = Buffer.from('hello');
    expect(
      (await owner.api.upload(url(`/entities/${foreignClientId}/document`), {}, file(data))).status,
    ).toBe(404);
    expect(
      (await anonymous(h).upload(url(`/entities/${id}/document`), {}, file(data))).status,
    ).toBe(401);
    const noU = await without('u');
    expect((await noU.api.upload(url(`/entities/${id}/document`), {}, file(data))).status).toBe(
      403,
    );
    expect(await countDocuments()).toBe(before);
  });

  it('refuses a file over 10 MB naming the field', async () => {
    const id = await buildClient(owner.api, cid);
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const r = await owner.api.upload(
      url(`/entities/${id}/document`),
      {},
      file(big, 'big.bin', 'application/octet-stream'),
    );
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty(['file']);
  });
});

describe('client export', () => {
  let co: string;
  let o: TestUser;
  const HEADER = [
    '_id',
    'name',
    'surname',
    'email',
    'phone',
    'contactNumber',
    'address',
    'googlePosition',
    'googleZoom',
    'autoSendStatement',
    'outstanding',
    'createdAt',
    'clientType',
    // Types by name (Office, Retail), each type's fields in order, each key once.
    'Age',
    'Floor',
    'Size',
    'VIP',
    'Client since',
    'Note',
  ];
  let ids: string[];

  beforeAll(async () => {
    ({ id: co, owner: o } = await buildCompany(h));
    const t1 = await o.api.post(url('/entityTemplate', co), {
      name: 'Retail',
      descriptions: FIELDS,
    });
    const t2 = await o.api.post(url('/entityTemplate', co), {
      name: 'Office',
      descriptions: [FIELDS[1], { description: 'floor', label: 'Floor', type: 'number' }],
    });
    ids = [
      await buildClient(o.api, co, {
        name: 'Ann; "the first"',
        surname: 'Line\nBreak',
        email: 'ann@example.test',
        entityTemplateId: t1.body._id,
        googlePosition: { lat: -33.9, lng: 18.4 },
        googleZoom: 15,
        autoSendStatement: true,
        fields: { size: 'S', age: 30, vip: true, since: '2024-01-31', note: 'a;b' },
      }),
      await buildClient(o.api, co, {
        name: 'Bob',
        surname: 'B',
        email: '',
        entityTemplateId: t2.body._id,
        fields: { age: 5, floor: 3 },
      }),
    ];
    await insertInvoice(co, ids[0]!, { total: '1234.50' });
    await recomputeOutstanding(db(), co, ids);
    await buildClient(o.api, co, { name: 'Gone' }).then((id) =>
      o.api.post(url(`/entities/${id}/delete`, co)),
    );
  });

  it('writes semicolon-separated CSV with the exact columns, quoting where needed', async () => {
    const r = await o.api.get(url('/entities/export?format=csv', co));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toContain('attachment; filename="clients.csv"');
    const text = (r.body as Buffer).toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(HEADER.join(';'));
    expect(lines[1]).toMatch(
      new RegExp(
        `^${ids[0]};"Ann; ""the first""";"Line\nBreak";ann@example.test;;;;'-33.9,18.4;15;true;1234.50;[^;]+;Retail;30;;S;true;2024-01-31;"a;b"$`,
      ),
    );
    expect(lines[2]).toMatch(new RegExp(`^${ids[1]};Bob;B;;;;;;;false;0.00;[^;]+;Office;5;3;;;;$`));
    expect(lines.slice(3)).toEqual(['']);
    expect(text).not.toContain('Gone');
    expect(text).not.toContain(co);
  });

  it('writes a real workbook with the same columns and numbers as numbers', async () => {
    const r = await o.api.get(url('/entities/export?format=xlsx', co));
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(r.headers['content-disposition']).toContain('filename="clients.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.body as never);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(3);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    const row = (n: number) =>
      Object.fromEntries(HEADER.map((k, i) => [k, ws.getRow(n).getCell(i + 1).value]));
    expect(row(2)).toMatchObject({
      _id: ids[0],
      name: 'Ann; "the first"',
      outstanding: 1234.5,
      googleZoom: 15,
      autoSendStatement: true,
      clientType: 'Retail',
      Age: 30,
      VIP: true,
    });
    expect(row(2).createdAt).toBeInstanceOf(Date);
    expect(row(3)).toMatchObject({ name: 'Bob', outstanding: 0, Floor: 3, clientType: 'Office' });
  });

  it('is described in the OpenAPI document', async () => {
    const docs = await o.api.get('/api/docs');
    expect(docs.status).toBe(200);
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/companies/{cid}/entities/export',
        '/api/companies/{cid}/entities/{id}/documents/{docId}',
        '/api/companies/{cid}/entityTemplate/{id}/delete',
      ]),
    );
  });

  it('refuses an unknown format, needs r and a token', async () => {
    const bad = await o.api.get(url('/entities/export?format=pdf', co));
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty(['format']);
    expect((await anonymous(h).get(url('/entities/export?format=csv', co))).status).toBe(401);
    const noR = await buildMember(h, co, { clients: { c: true, u: true, d: true } });
    expect((await noR.api.get(url('/entities/export?format=csv', co))).status).toBe(403);
  });
});
