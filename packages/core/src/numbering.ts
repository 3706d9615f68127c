import { isYmd, makeYmd } from './dates.js';

/**
 * Document numbering (DECISIONS §4, spec §9). A scheme is a list of parts;
 * the presets are `INV00001`, `DDMMYYYY` and `DDMMYYYY-1`.
 */

/** One part of a numbering scheme. */
export type NumberPart =
  | { type: 'char'; value: string }
  | { type: 'int'; digits: number }
  | { type: 'date'; format: 'DDMMYYYY' }
  | { type: 'separator'; value: string };

/** What is being numbered; invoices, quotes, expenses, jobs and credit notes count separately. */
export type NumberKind = 'invoice' | 'quote' | 'expense' | 'job' | 'credit';

/** The numbering presets a company can choose. */
export const NUMBER_PRESETS = ['INV00001', 'DDMMYYYY', 'DDMMYYYY-1'] as const;
export type NumberPreset = (typeof NUMBER_PRESETS)[number];

/** The text part of each kind for the `INV00001` preset. */
export const NUMBER_PREFIXES: Record<NumberKind, string> = {
  invoice: 'INV',
  quote: 'QUO',
  expense: 'EXP',
  job: 'JOB',
  /** Credit notes (VAT Act s21(3)(a)): always this prefix and five digits, whatever the company's preset. */
  credit: 'CN',
};

/** What {@link generateNumber} gives for an unknown preset. */
export const INVALID_NUMBER = '#invalid';

/** The parts of a preset for `kind`, or null for an unknown preset. */
export function presetParts(preset: string, kind: NumberKind): NumberPart[] | null {
  switch (preset) {
    case 'INV00001':
      return [
        { type: 'char', value: NUMBER_PREFIXES[kind] },
        { type: 'int', digits: 5 },
      ];
    case 'DDMMYYYY':
      return [{ type: 'date', format: 'DDMMYYYY' }];
    case 'DDMMYYYY-1':
      return [
        { type: 'date', format: 'DDMMYYYY' },
        { type: 'separator', value: '-' },
        { type: 'int', digits: 1 },
      ];
    default:
      return null;
  }
}

/**
 * The key a counter is kept under for `preset` on `date` (YYYY-MM-DD): '' for
 * `INV00001` (one running counter), the date itself for the date presets (the
 * counter restarts each day). '' for an unknown preset.
 */
export function counterScope(preset: string, date: string): string {
  if (preset !== 'DDMMYYYY' && preset !== 'DDMMYYYY-1') return '';
  if (!isYmd(date)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return date;
}

/**
 * The number made by `parts` for `date` (YYYY-MM-DD) and `counter` (a whole
 * number ≥ 1). An int part is zero-padded to its digits and never truncated.
 * A scheme without an int part shows the counter as a suffix from the second
 * document on: counter 1 → '21112026', 2 → '21112026-2'.
 */
export function formatNumber(parts: NumberPart[], date: string, counter: number): string {
  if (!Number.isSafeInteger(counter) || counter < 1) {
    throw new RangeError(`A counter is a whole number from 1: ${counter}`);
  }
  if (parts.some((p) => p.type === 'date') && !isYmd(date)) {
    throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  }
  let out = '';
  for (const part of parts) {
    if (part.type === 'char' || part.type === 'separator') out += part.value;
    else if (part.type === 'int') out += String(counter).padStart(part.digits, '0');
    else out += dmy(date);
  }
  const hasInt = parts.some((p) => p.type === 'int');
  return !hasInt && counter > 1 ? `${out}-${counter}` : out;
}

/** 'YYYY-MM-DD' as the date part of a number: 'DDMMYYYY'. */
const dmy = (date: string) => `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(0, 4)}`;

/**
 * The fixed text every number of `preset` for `kind` on `date` starts with,
 * before its counter: 'INV' for `INV00001`, '21112026' and '21112026-' for
 * the date presets; '' for an unknown preset. What a search for the numbers
 * already taken can narrow on.
 */
export function numberPrefix(preset: string, kind: NumberKind, date: string): string {
  let out = '';
  for (const part of presetParts(preset, kind) ?? []) {
    if (part.type === 'int') break;
    out += part.type === 'date' ? dmy(date) : part.value;
  }
  return out;
}

/**
 * The number for `preset` and `kind` on `date` with `counter`, or '#invalid'
 * for an unknown preset.
 */
export function generateNumber(
  preset: string,
  kind: NumberKind,
  date: string,
  counter: number,
): string {
  const parts = presetParts(preset, kind);
  return parts ? formatNumber(parts, date, counter) : INVALID_NUMBER;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads a number made by `preset` back into its counter and the counter's
 * scope (see {@link counterScope}); null when `number` could not have been
 * made by that preset (wrong prefix, bad date, different padding, counter 0).
 */
export function parseNumber(
  preset: string,
  kind: NumberKind,
  number: string,
): { counter: number; scope: string } | null {
  const parts = presetParts(preset, kind);
  if (!parts || typeof number !== 'string') return null;
  const text = number.trim();
  let pattern = '';
  for (const part of parts) {
    if (part.type === 'char' || part.type === 'separator') pattern += escapeRe(part.value);
    else if (part.type === 'int') pattern += '(?<int>\\d+)';
    else pattern += '(?<date>\\d{8})';
  }
  if (!parts.some((p) => p.type === 'int')) pattern += '(?:-(?<int>\\d+))?';
  const m = new RegExp(`^${pattern}$`).exec(text);
  if (!m?.groups) return null;
  const { int, date: dmy } = m.groups;
  const counter = int === undefined ? 1 : Number(int);
  if (!Number.isSafeInteger(counter) || counter < 1) return null;
  let ymd = '';
  if (dmy !== undefined) {
    ymd = makeYmd(Number(dmy.slice(4)), Number(dmy.slice(2, 4)), Number(dmy.slice(0, 2)));
    if (!isYmd(ymd)) return null;
  }
  // Only numbers the scheme itself would write (padding, no '-1' suffix).
  if (formatNumber(parts, ymd, counter) !== text) return null;
  return { counter, scope: counterScope(preset, ymd) };
}

/**
 * The counter inside a number made by `preset` for `kind` (used to move a
 * counter past imported numbers), or null when it does not match the preset.
 * For the date presets the counter belongs to the number's own day; see
 * {@link parseNumber} for that day.
 */
export function parseCounter(preset: string, kind: NumberKind, number: string): number | null {
  return parseNumber(preset, kind, number)?.counter ?? null;
}

/** What {@link documentNumber} reads of a document. */
export interface NumberedDocument {
  isQuote: boolean;
  invoiceNumber: string | null;
  quoteNumber: string | null;
}

/**
 * The number a document is known by: a quote's quote number, an invoice's
 * invoice number, and for an invoice that has none (yet) the number of the
 * quote it came from; '' when it has neither.
 */
export function documentNumber(d: NumberedDocument): string {
  return (d.isQuote ? d.quoteNumber : d.invoiceNumber) ?? d.quoteNumber ?? '';
}
