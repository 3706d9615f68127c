import { toAmount, toCsv, type TClientField } from '@fieldbook/core';
import type { ClientTypeRow } from './client-types.repo.js';
import type { ClientRow } from './clients.repo.js';

/** A cell before formatting: CSV writes it (core's toCsv), the workbook keeps its kind. */
type Cell = string | number | boolean | Date | null;

interface Column {
  header: string;
  /** Excel number format for amounts and dates. */
  numFmt?: string;
  value(c: ClientRow): Cell;
}

/**
 * The export's columns: every client field except entityTemplateId, userId,
 * companyId and statementTemplateId (spec §9), then the client type's name and
 * one column per extra field of the company's types, headed by its label.
 */
export function exportColumns(types: ClientTypeRow[]): Column[] {
  const typeName = new Map(types.map((t) => [t.id, t.name]));
  const columns: Column[] = [
    { header: '_id', value: (c) => c.id },
    { header: 'name', value: (c) => c.name },
    { header: 'surname', value: (c) => c.surname },
    { header: 'email', value: (c) => c.email },
    { header: 'phone', value: (c) => c.phone },
    { header: 'contactNumber', value: (c) => c.contactNumber },
    { header: 'address', value: (c) => c.address },
    {
      header: 'googlePosition',
      value: (c) => (c.googlePosition ? `${c.googlePosition.lat},${c.googlePosition.lng}` : null),
    },
    { header: 'googleZoom', value: (c) => c.googleZoom },
    { header: 'autoSendStatement', value: (c) => c.autoSendStatement },
    { header: 'outstanding', numFmt: '#,##0.00', value: (c) => toAmount(c.outstanding) },
    { header: 'createdAt', numFmt: 'yyyy-mm-dd hh:mm', value: (c) => c.createdAt },
    {
      header: 'clientType',
      value: (c) => (c.entityTemplateId ? (typeName.get(c.entityTemplateId) ?? null) : null),
    },
  ];
  // One column per field key; a label shared by two different keys gets the key added.
  const seen = new Map<string, TClientField>();
  for (const t of types)
    for (const f of t.descriptions) if (!seen.has(f.description)) seen.set(f.description, f);
  const labels = new Map<string, number>();
  for (const f of seen.values()) labels.set(f.label, (labels.get(f.label) ?? 0) + 1);
  for (const f of seen.values()) {
    columns.push({
      header: labels.get(f.label)! > 1 ? `${f.label} (${f.description})` : f.label,
      value: (c) => {
        const v = (c.fields as Record<string, unknown>)[f.description];
        return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
      },
    });
  }
  return columns;
}

/**
 * Semicolon-separated, a header row, CRLF line ends, a byte-order mark, and
 * formula-like text neutralised (core's `toCsv`, DECISIONS §14); outstanding
 * is a number with two decimals.
 */
export function clientsCsv(clients: ClientRow[], types: ClientTypeRow[]): string {
  const columns = exportColumns(types);
  const decimals: Record<number, number> = {};
  columns.forEach((col, i) => {
    if (col.header === 'outstanding') decimals[i] = 2;
  });
  return toCsv(
    columns.map((col) => col.header),
    clients.map((c) => columns.map((col) => col.value(c))),
    { decimals },
  );
}

/** The same columns as a real workbook: amounts and numbers as numbers. */
export async function clientsXlsx(clients: ClientRow[], types: ClientTypeRow[]): Promise<Buffer> {
  const columns = exportColumns(types);
  // Loaded here: only this export needs it, and it is slow to load.
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Fieldbook';
  const ws = wb.addWorksheet('Clients');
  ws.columns = columns.map((col) => ({
    header: col.header,
    key: col.header,
    width: Math.max(12, Math.min(40, col.header.length + 2)),
    ...(col.numFmt && { style: { numFmt: col.numFmt } }),
  }));
  ws.getRow(1).font = { bold: true };
  for (const c of clients) ws.addRow(columns.map((col) => col.value(c)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
