import Papa from 'papaparse';
import { isYmd, makeYmd } from '@fieldbook/core';
import { badField } from '../../platform/errors.js';

/** A problem that keeps one row out of the import (row is 1-based, header excluded). */
export interface RowError {
  row: number;
  field: string;
  message: string;
}

export interface CsvRow {
  row: number;
  /** Trimmed cell values by recognised column name ('' when absent). */
  values: Record<string, string>;
}

export interface CsvTable {
  columns: string[];
  ignored: string[];
  rows: CsvRow[];
  preview: Record<string, string>[];
  errors: RowError[];
}

const PREVIEW_ROWS = 50;

/** A header as compared: case-insensitive, spaces removed ("Invoice Number" = invoiceNumber). */
const squash = (h: string) => h.trim().toLowerCase().replace(/\s+/g, '');

/**
 * ';' when the header row has more semicolons than commas, else ','. Judged on
 * the header alone: Papa's own guess weighs every row, and a short file with
 * a trailing blank line or a quoted comma fools it.
 */
function delimiterOf(input: string): ',' | ';' {
  const header = input.slice(0, input.search(/\r?\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Reads a CSV file with a header row, the delimiter guessed among ',' and ';'.
 * Headers are matched to `known` column names; other headers are reported as
 * ignored. Blank lines are skipped but still counted, so row numbers are
 * those a spreadsheet shows minus the header.
 */
export function readCsv(text: string, known: readonly string[], required: readonly string[]) {
  const input = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(input, {
    delimiter: delimiterOf(input),
    skipEmptyLines: false,
  });
  const [header = [], ...records] = parsed.data;
  const byKey = new Map(known.map((k) => [squash(k), k]));
  const columns: string[] = [];
  const ignored: string[] = [];
  const indexOf = new Map<string, number>();
  header.forEach((raw, i) => {
    const canon = byKey.get(squash(raw));
    if (canon && !indexOf.has(canon)) {
      indexOf.set(canon, i);
      columns.push(canon);
    } else if (raw.trim()) ignored.push(raw.trim());
  });
  for (const r of required) {
    if (!indexOf.has(r)) throw badField('csv', `needs a "${r}" column`);
  }

  // Papa counts records from 0 with the header first, which makes a record's index its row number.
  const broken = new Map<number, string>();
  for (const e of parsed.errors) {
    if (e.type === 'Quotes' && e.row !== undefined) broken.set(e.row, e.message);
  }
  const errors: RowError[] = [];
  const rows: CsvRow[] = [];
  records.forEach((cells, i) => {
    const row = i + 1;
    if (cells.every((c) => c.trim() === '')) return;
    const message = broken.get(row);
    if (message) {
      errors.push({ row, field: 'csv', message });
      return;
    }
    const values: Record<string, string> = {};
    for (const [name, idx] of indexOf) values[name] = (cells[idx] ?? '').trim();
    rows.push({ row, values });
  });
  if (rows.length === 0 && errors.length === 0) throw badField('csv', 'has no rows');
  const preview = rows.slice(0, PREVIEW_ROWS).map((r) => r.values);
  return { columns, ignored, rows, preview, errors } satisfies CsvTable;
}

/** A date written YYYY-MM-DD or DD/MM/YYYY; null when it is neither (or not a real date). */
export function readDate(s: string): string | null {
  if (isYmd(s)) return s;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (!m) return null;
  const ymd = makeYmd(Number(m[3]), Number(m[2]), Number(m[1]));
  return isYmd(ymd) ? ymd : null;
}

export const DATE_MESSAGE = 'must be a date (YYYY-MM-DD or DD/MM/YYYY)';

const TRUE = new Set(['true', 'yes', '1', 'y']);
const FALSE = new Set(['false', 'no', '0', 'n']);

/** true/false/yes/no/1/0 (any case); undefined for '' and null for anything else. */
export function readBool(s: string): boolean | null | undefined {
  if (s === '') return undefined;
  const v = s.toLowerCase();
  if (TRUE.has(v)) return true;
  if (FALSE.has(v)) return false;
  return null;
}

export const BOOL_MESSAGE = 'must be true or false (yes/no, 1/0)';

/** The row errors of a failed zod parse, each issue named by its top-level field. */
export function issuesToErrors(
  row: number,
  issues: { path: PropertyKey[]; message: string }[],
): RowError[] {
  return issues.map((i) => ({ row, field: String(i.path[0] ?? 'row'), message: i.message }));
}
