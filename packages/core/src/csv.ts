/**
 * Writing CSV (DECISIONS §14): every CSV the product writes goes through
 * `toCsv`, so no cell reaches a spreadsheet as a formula.
 */

/** One cell as the writer takes it: text is neutralised, numbers are written as numbers. */
export type CsvValue = string | number | boolean | Date | null | undefined;

/** What a spreadsheet reads as the start of a formula (or hides one behind). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The text of one cell. Text that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'`, so Excel, LibreOffice and Google Sheets
 * show it instead of running it (`=HYPERLINK(...)`, `+cmd|...`, `@SUM(...)`).
 * Numbers are not text: -123.45 stays -123.45 (with `decimals`, fixed).
 * Dates are written as ISO 8601, booleans as true/false, null as empty.
 */
export function csvCell(value: CsvValue, decimals?: number): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return decimals === undefined ? String(value) : value.toFixed(decimals);
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString();
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** RFC 4180 quoting: a field holding the separator, a quote or a line break is quoted. */
export function csvQuote(text: string, separator = ';'): string {
  return text.includes(separator) || /["\r\n]/.test(text)
    ? `"${text.replaceAll('"', '""')}"`
    : text;
}

export interface CsvOptions {
  /** ';' by default (what spreadsheets in South Africa open by double-click). */
  separator?: string;
  /** Fixed decimals per column index, for amounts written as numbers. */
  decimals?: Record<number, number>;
}

/**
 * A whole file: the header row as given (neutralised too), one line per row,
 * CRLF line ends and a byte-order mark so spreadsheet programs read UTF-8.
 */
export function toCsv(header: string[], rows: CsvValue[][], options: CsvOptions = {}): string {
  const sep = options.separator ?? ';';
  const line = (cells: CsvValue[]) =>
    cells.map((v, i) => csvQuote(csvCell(v, options.decimals?.[i]), sep)).join(sep);
  const lines = [line(header), ...rows.map(line)];
  return `\ufeff${lines.join('\r\n')}\r\n`;
}
