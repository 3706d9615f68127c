import { ZLine, parseAmount, type TLineInput } from '@fieldbook/core';
import { clientKey } from './client-match.js';
import {
  BOOL_MESSAGE,
  DATE_MESSAGE,
  issuesToErrors,
  readBool,
  readDate,
  type CsvRow,
  type RowError,
} from './csv.js';

/** Invoice-level values; on a line they are optional, the invoice takes them from its lines. */
export interface Head {
  invoiceDate?: string;
  dueDate?: string;
  client?: string;
  paid?: boolean;
  datePaid?: string;
  methodPaid?: string;
  isQuote?: boolean;
}
const HEAD_FIELDS = [
  'invoiceDate',
  'dueDate',
  'client',
  'paid',
  'datePaid',
  'methodPaid',
  'isQuote',
] as const;

export interface LineRow {
  row: number;
  number: string;
  head: Head;
  line: TLineInput;
  errors: RowError[];
}

/** The rows of one invoice: those sharing an invoice number, or a single unnumbered row. */
export interface RowGroup {
  number: string;
  lines: LineRow[];
}

export function readLine({ row, values: v }: CsvRow): LineRow {
  const errors: RowError[] = [];
  const err = (field: string, message: string) => errors.push({ row, field, message });
  const head: Head = {};
  for (const f of ['invoiceDate', 'dueDate', 'datePaid'] as const) {
    if (!v[f]) continue;
    const d = readDate(v[f]);
    if (d) head[f] = d;
    else err(f, DATE_MESSAGE);
  }
  for (const f of ['paid', 'isQuote'] as const) {
    const b = readBool(v[f] ?? '');
    if (b === null) err(f, BOOL_MESSAGE);
    else if (b !== undefined) head[f] = b;
  }
  if (v.client) head.client = v.client;
  if (v.methodPaid) {
    if (v.methodPaid.length > 40) err('methodPaid', 'must be at most 40 characters');
    else head.methodPaid = v.methodPaid;
  }
  const number = v.invoiceNumber ?? '';
  if (number.length > 40) err('invoiceNumber', 'must be at most 40 characters');

  let qty: number | undefined;
  if (v.qty) {
    const q = parseAmount(v.qty);
    if (q === null) err('qty', 'must be a number');
    else qty = q;
  }
  let price = NaN;
  if (!v.price) err('price', 'is required');
  else {
    const p = parseAmount(v.price);
    if (p === null) err('price', 'must be a number');
    else price = p;
  }
  const line: TLineInput = { description: v.description ?? '', qty, price };
  const checked = ZLine.safeParse(line);
  if (!checked.success) {
    const seen = new Set(errors.map((e) => e.field));
    errors.push(...issuesToErrors(row, checked.error.issues).filter((e) => !seen.has(e.field)));
  }
  return { row, number, head, line, errors };
}

export function groupLines(lines: LineRow[]): RowGroup[] {
  const groups = new Map<string, RowGroup>();
  for (const l of lines) {
    const key = l.number ? `n:${l.number}` : `r:${l.row}`;
    const g = groups.get(key);
    if (g) g.lines.push(l);
    else groups.set(key, { number: l.number, lines: [l] });
  }
  return [...groups.values()];
}

const sameValue = (f: keyof Head, a: unknown, b: unknown) =>
  f === 'client' || f === 'methodPaid' ? clientKey(String(a)) === clientKey(String(b)) : a === b;

/**
 * The invoice's own values, each from the first line that gives it. A line
 * that gives another value is an error (which line is right cannot be known).
 */
export function mergeHead(g: RowGroup): { head: Head; errors: RowError[] } {
  const head: Record<string, unknown> = {};
  const from: Record<string, number> = {};
  const errors: RowError[] = [];
  for (const l of g.lines) {
    for (const f of HEAD_FIELDS) {
      const value = l.head[f];
      if (value === undefined) continue;
      if (!(f in head)) {
        head[f] = value;
        from[f] = l.row;
      } else if (!sameValue(f, head[f], value)) {
        errors.push({
          row: l.row,
          field: f,
          message: `differs from row ${from[f]} of the same invoice`,
        });
      }
    }
  }
  const first = g.lines[0]!.row;
  for (const f of ['invoiceDate', 'client'] as const) {
    // A value that was there but unreadable is already reported on its own line.
    const unreadable = g.lines.some((l) => l.errors.some((e) => e.field === f));
    if (!(f in head) && !unreadable) errors.push({ row: first, field: f, message: 'is required' });
  }
  return { head: head as Head, errors };
}

/** Every line of a group that fails: its own errors, or a note that it is skipped with the others. */
export function failGroup(g: RowGroup, errors: RowError[]): RowError[] {
  const out = [...errors];
  const withError = new Set(errors.map((e) => e.row));
  for (const l of g.lines) {
    if (!withError.has(l.row)) {
      out.push({
        row: l.row,
        field: 'invoiceNumber',
        message: 'is skipped: another line of this invoice has an error',
      });
    }
  }
  return out;
}
