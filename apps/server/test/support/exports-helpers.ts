import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ApiClient } from './factories.js';

/** Helpers of the accounting-export tests: fetch a CSV and read it back with a spreadsheet parser. */

export const MARCH = 'from=2026-03-01&to=2026-03-31&type=0';

/** The rows of a CSV as exceljs reads it, cells kept as the text written. */
export async function readCsv(body: Buffer): Promise<string[][]> {
  const text = body.toString('utf8');
  expect(text.startsWith('\ufeff')).toBe(true);
  const wb = new ExcelJS.Workbook();
  const ws = await wb.csv.read(Readable.from([text.slice(1)]), {
    parserOptions: { delimiter: ',' },
    map: (v: unknown) => v,
  });
  const rows: string[][] = [];
  ws.eachRow((row) => {
    const cells: string[] = [];
    for (let c = 1; c <= ws.columnCount; c++) cells.push(String(row.getCell(c).value ?? ''));
    rows.push(cells);
  });
  return rows;
}

export async function getCsv(api: ApiClient, url: string) {
  const r = await api.get(url);
  expect(r.status, String(r.body)).toBe(200);
  expect(String(r.headers['content-type'])).toContain('text/csv');
  return {
    rows: await readCsv(r.body as Buffer),
    disposition: String(r.headers['content-disposition']),
  };
}
