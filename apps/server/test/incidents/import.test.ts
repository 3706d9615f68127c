import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRights } from '@fieldbook/core';
import { clients, incidents, invoices, numberCounters } from '../../src/db/schema/index.js';
import {
  anonymous,
  buildCompany,
  buildMember,
  type Loose,
  type TestUser,
} from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const db = () => h.deps.database.db;
const countOf = async (table: typeof clients | typeof invoices | typeof incidents, cid: string) =>
  (await db().select({ n: count() }).from(table).where(eq(table.companyId, cid)))[0]!.n;
const counters = (cid: string) =>
  db().select().from(numberCounters).where(eq(numberCounters.companyId, cid));

const importCsv = (
  who: TestUser,
  cid: string,
  kind: 'clients' | 'invoices',
  csv: string,
  dryRun?: boolean,
) => who.api.post(`/api/companies/${cid}/import/${kind}`, { csv, dryRun });

const CLIENTS_CSV = [
  'Name,Surname,Email,Contact Number,Type,Notes',
  'Alice,Smith,alice@example.test,082 555 0101,Residential,first',
  'Bob,,not-an-email,,,',
  ',Nobody,,,,',
  '',
  'Carol,Jones,,,Unknown type,',
  'Dave,Brown,DAVE@Example.TEST,,residential,',
].join('\n');

describe('importing clients', () => {
  it('previews without writing, then imports the good rows and reports the others by row', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const type = await owner.api.post(`/api/companies/${cid}/entityTemplate`, {
      name: 'Residential',
      descriptions: [],
    });
    expect(type.status, JSON.stringify(type.body)).toBe(200);

    const preview = await importCsv(owner, cid, 'clients', CLIENTS_CSV, true);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const expected = {
      columns: ['name', 'surname', 'email', 'contactNumber', 'type'],
      ignored: ['Notes'],
      errors: [
        { row: 2, field: 'email', message: 'must be an e-mail address' },
        { row: 3, field: 'name', message: 'is required' },
        { row: 5, field: 'type', message: 'is not a client type of this company' },
      ],
      created: { clients: 2, invoices: 0, incidents: 0 },
      skipped: 3,
    };
    expect(preview.body).toMatchObject({ ...expected, dryRun: true });
    expect(preview.body.preview).toHaveLength(5);
    expect(preview.body.preview[0]).toEqual({
      name: 'Alice',
      surname: 'Smith',
      email: 'alice@example.test',
      contactNumber: '082 555 0101',
      type: 'Residential',
    });
    expect(await countOf(clients, cid)).toBe(0);

    const done = await importCsv(owner, cid, 'clients', CLIENTS_CSV);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ ...expected, dryRun: false });
    const rows = await db().select().from(clients).where(eq(clients.companyId, cid));
    expect(rows.map((r) => r.name).sort()).toEqual(['Alice', 'Dave']);
    const alice = rows.find((r) => r.name === 'Alice')!;
    expect(alice).toMatchObject({
      surname: 'Smith',
      contactNumber: '082 555 0101',
      entityTemplateId: type.body._id,
      userId: owner.id,
      outstanding: '0.00',
    });
    expect(rows.find((r) => r.name === 'Dave')!.email).toBe('dave@example.test');
  });

  it('reads a semicolon file with quoted commas and CRLF line ends', async () => {
    const { id: cid, owner } = await buildCompany(h);
    // Two columns and a trailing blank line: the kind of short file a guess over all rows gets wrong.
    const csv = 'name;surname\r\n"Eve";"Adams, Jr"\r\nFrank;Smith\r\n';
    const r = await importCsv(owner, cid, 'clients', csv);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ errors: [], created: { clients: 2 }, skipped: 0 });
    const rows = await db().select().from(clients).where(eq(clients.companyId, cid));
    expect(rows.map((c) => [c.name, c.surname]).sort()).toEqual([
      ['Eve', 'Adams, Jr'],
      ['Frank', 'Smith'],
    ]);
  });

  it('reports a row with an unterminated quote and imports the rows before it', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const r = await importCsv(owner, cid, 'clients', 'name,surname\nAnn,Lee\n"Ben,Ray\n');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      errors: [{ row: 2, field: 'csv', message: 'Quoted field unterminated' }],
      created: { clients: 1 },
      skipped: 1,
    });
  });

  it('accepts a file larger than the default body limit', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const long = 'x'.repeat(700_000);
    const r = await importCsv(
      owner,
      cid,
      'clients',
      `name,notes\nBig,${long}\nBigger,${long}`,
      true,
    );
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ignored: ['notes'], created: { clients: 2 } });
  });

  it('refuses a file without a name column, an empty file and a bad body, writing nothing', async () => {
    const { id: cid, owner } = await buildCompany(h);
    const noName = await importCsv(owner, cid, 'clients', 'surname,email\nSmith,a@b.test');
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toEqual({ csv: 'needs a "name" column' });
    const headerOnly = await importCsv(owner, cid, 'clients', 'name,surname\n');
    expect(headerOnly.status).toBe(400);
    expect(headerOnly.body.fields).toEqual({ csv: 'has no rows' });
    const empty = await importCsv(owner, cid, 'clients', '');
    expect(empty.status).toBe(400);
    expect(empty.body.fields.csv).toBeDefined();
    const wrong = await owner.api.post(`/api/companies/${cid}/import/clients`, { csv: 12 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.csv).toBeDefined();
    expect(await countOf(clients, cid)).toBe(0);
  });
});

const INVOICES_CSV = [
  'Invoice Number,Invoice Date,Due Date,Client,Description,Qty,Price,Paid,Date Paid,Method Paid',
  'IMP-1,2026-03-01,,jane doe,Labour,2,"100,50",,,',
  'IMP-1,2026-03-01,,Jane  Doe,Parts,,"25,25",,,',
  ',05/03/2026,2026-03-20,ACME,Service,1,300,yes,06/03/2026,EFT',
  ',2026-03-07,,Jon Smit,Call-out,1,50,,,',
  ',2026-03-08,,John Smith,Call-out,1,75,no,,',
  'IMP-2,2026-03-09,,Jane Doe,Bad price,1,abc,,,',
  'IMP-2,2026-03-09,,Jane Doe,Good line,1,10,,,',
  ',2026-13-01,,Jane Doe,Bad date,1,10,,,',
].join('\n');

/** A company with the clients the invoice file names: one Jane Doe, two John Smiths, Acme. */
async function invoiceCompany() {
  const { id: cid, owner } = await buildCompany(h);
  const jane = await buildClient(owner.api, cid, { name: 'Jane', surname: 'Doe' });
  const acme = await buildClient(owner.api, cid, { name: 'Acme', surname: '' });
  await buildClient(owner.api, cid, { name: 'John', surname: 'Smith' });
  await buildClient(owner.api, cid, { name: 'john', surname: 'SMITH' });
  return { cid, owner, jane, acme };
}

const invoiceRows = (cid: string) =>
  db().select().from(invoices).where(eq(invoices.companyId, cid)).orderBy(invoices.invoiceDate);

describe('importing invoices', () => {
  it('groups lines by number, reads comma decimals and paid rows, and raises incidents', async () => {
    const { cid, owner, jane, acme } = await invoiceCompany();
    const r = await importCsv(owner, cid, 'invoices', INVOICES_CSV);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      dryRun: false,
      columns: [
        'invoiceNumber',
        'invoiceDate',
        'dueDate',
        'client',
        'description',
        'qty',
        'price',
        'paid',
        'datePaid',
        'methodPaid',
      ],
      errors: [
        { row: 6, field: 'price', message: 'must be a number' },
        { row: 7, field: 'invoiceNumber', message: expect.stringContaining('skipped') },
        { row: 8, field: 'invoiceDate', message: 'must be a date (YYYY-MM-DD or DD/MM/YYYY)' },
      ],
      created: { clients: 0, invoices: 4, incidents: 2 },
      skipped: 3,
    });

    const rows = await invoiceRows(cid);
    expect(rows).toHaveLength(4);
    const grouped = rows.find((i) => i.invoiceNumber === 'IMP-1')!;
    expect(grouped).toMatchObject({
      entityId: jane,
      to: 'Jane Doe',
      invoiceDate: '2026-03-01',
      dueDate: '2026-03-08',
      total: '226.25',
      paid: false,
    });
    expect(grouped.descriptions.map((l) => [l.description, l.qty, l.price])).toEqual([
      ['Labour', 2, 100.5],
      ['Parts', 1, 25.25],
    ]);
    const paid = rows.find((i) => i.entityId === acme)!;
    expect(paid).toMatchObject({
      invoiceDate: '2026-03-05',
      dueDate: '2026-03-20',
      paid: true,
      amountPaid: '300.00',
      datePaid: '2026-03-06',
      methodPaid: 'EFT',
    });
    expect(paid.invoiceNumber).toMatch(/^INV\d{5}$/);
    const unmatched = rows.filter((i) => i.entityId === null);
    expect(unmatched.map((i) => i.to).sort()).toEqual(['John Smith', 'Jon Smit']);

    const [janeRow] = await db().select().from(clients).where(eq(clients.id, jane));
    expect(janeRow!.outstanding).toBe('226.25');

    const list = await owner.api.get(`/api/companies/${cid}/incidents`);
    expect(list.status).toBe(200);
    const byValue = Object.fromEntries(list.body.map((i: Loose) => [i.value, i]));
    const jon = rows.find((i) => i.to === 'Jon Smit')!;
    expect(byValue['Jon Smit']).toMatchObject({
      status: 'open',
      recordKind: 'invoice',
      recordId: jon.id,
      description: `Imported invoice ${jon.invoiceNumber}: client "Jon Smit" matches no client`,
      fixedClient: null,
    });
    expect(byValue['John Smith'].description).toMatch(
      /^Imported invoice INV\d{5}: client "John Smith" matches 2 clients$/,
    );
  });

  it('refuses an invoice number the company already uses, row by row', async () => {
    const { cid, owner } = await invoiceCompany();
    const csv =
      'invoiceNumber;invoiceDate;client;description;price\nX-1;2026-04-01;Jane Doe;A;10\n';
    expect((await importCsv(owner, cid, 'invoices', csv)).body.created.invoices).toBe(1);
    const again = await importCsv(owner, cid, 'invoices', `${csv}X-1;2026-04-01;Jane Doe;B;5\n`);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      errors: [
        { row: 1, field: 'invoiceNumber', message: 'is already used' },
        { row: 2, field: 'invoiceNumber', message: 'is already used' },
      ],
      created: { invoices: 0 },
      skipped: 2,
    });
    expect(await countOf(invoices, cid)).toBe(1);
  });

  it('imports quotes, keeping a number the file gives', async () => {
    const { cid, owner, jane } = await invoiceCompany();
    const csv = [
      'invoiceNumber,invoiceDate,client,description,price,isQuote',
      'Q-9,2026-04-01,Jane Doe,A,10,yes',
      ',2026-04-02,Jane Doe,B,5,TRUE',
    ].join('\n');
    const r = await importCsv(owner, cid, 'invoices', csv);
    expect(r.body).toMatchObject({ errors: [], created: { invoices: 2, incidents: 0 } });
    const rows = await invoiceRows(cid);
    expect(rows.map((i) => [i.isQuote, i.quoteNumber, i.invoiceNumber])).toEqual([
      [true, 'Q-9', null],
      [true, 'QUO00001', null],
    ]);
    const [janeRow] = await db().select().from(clients).where(eq(clients.id, jane));
    expect(janeRow!.outstanding).toBe('0.00');
  });

  it('needs the required columns', async () => {
    const { cid, owner } = await invoiceCompany();
    const r = await importCsv(
      owner,
      cid,
      'invoices',
      'invoiceDate,description,price\n2026-04-01,A,10',
    );
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ csv: 'needs a "client" column' });
  });

  it('reports lines of one invoice that disagree on the client', async () => {
    const { cid, owner } = await invoiceCompany();
    const csv =
      'invoiceNumber,invoiceDate,client,description,price\nY-1,2026-04-01,Jane Doe,A,10\nY-1,,Acme,B,5\n';
    const r = await importCsv(owner, cid, 'invoices', csv);
    expect(r.body.errors).toEqual([
      {
        row: 1,
        field: 'invoiceNumber',
        message: 'is skipped: another line of this invoice has an error',
      },
      { row: 2, field: 'client', message: 'differs from row 1 of the same invoice' },
    ]);
    expect(await countOf(invoices, cid)).toBe(0);
  });

  it('on a dry run answers the same counts and writes nothing', async () => {
    const { cid, owner } = await invoiceCompany();
    const before = await counters(cid);
    const dry = await importCsv(owner, cid, 'invoices', INVOICES_CSV, true);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      dryRun: true,
      created: { invoices: 4, incidents: 2 },
      skipped: 3,
    });
    expect(await countOf(invoices, cid)).toBe(0);
    expect(await countOf(incidents, cid)).toBe(0);
    expect(await counters(cid)).toEqual(before);
    const outstanding = await db()
      .select({ o: clients.outstanding })
      .from(clients)
      .where(and(eq(clients.companyId, cid)));
    expect(outstanding.every((c) => c.o === '0.00')).toBe(true);

    const real = await importCsv(owner, cid, 'invoices', INVOICES_CSV);
    expect({ ...real.body, dryRun: true }).toEqual(dry.body);
  });
});

describe('import access', () => {
  it('answers 401 without a token and 403 to a member without the flag', async () => {
    const { cid } = await invoiceCompany();
    const csv = 'name\nZed';
    expect((await anonymous(h).post(`/api/companies/${cid}/import/clients`, { csv })).status).toBe(
      401,
    );
    const noClientsC = allRights(true);
    noClientsC.clients.c = false;
    const m1 = await buildMember(h, cid, noClientsC);
    expect((await importCsv(m1, cid, 'clients', csv)).status).toBe(403);
    const noInvoicesC = allRights(true);
    noInvoicesC.invoices.c = false;
    const m2 = await buildMember(h, cid, noInvoicesC);
    expect((await importCsv(m2, cid, 'invoices', INVOICES_CSV, true)).status).toBe(403);
    expect((await importCsv(m2, cid, 'clients', csv)).status).toBe(200);
  });

  it("answers 404 for another company's import", async () => {
    const mine = await buildCompany(h);
    const other = await buildCompany(h);
    expect((await importCsv(mine.owner, other.id, 'clients', 'name\nZed')).status).toBe(404);
    expect(await countOf(clients, other.id)).toBe(0);
  });
});
