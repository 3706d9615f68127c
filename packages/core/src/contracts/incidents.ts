import { z } from 'zod';
import { text } from './common.js';

export const ZIncident = z.object({
  _id: z.string(),
  date: z.string(),
  description: z.string(),
  /** The client name as it was read. */
  value: z.string(),
  status: z.enum(['open', 'fixed']),
  recordKind: z.enum(['invoice', 'recurring', 'payment']),
  recordId: z.string().nullable(),
  /** The client the record was assigned to by Fix. */
  fixedClient: z.object({ _id: z.string(), name: z.string(), surname: z.string() }).nullable(),
});
export type TIncident = z.infer<typeof ZIncident>;

/** `POST /incidents/{id}`: `newValue` is a client name that must match exactly one client. */
export const ZIncidentFix = z.object({ newValue: text(250) });
export type TIncidentFix = z.infer<typeof ZIncidentFix>;

/** `POST /import/clients` and `/import/invoices`: preview with `dryRun`, then import. */
export const ZImportRequest = z.object({
  csv: z.string().min(1, 'is required').max(5_000_000),
  dryRun: z.boolean().optional(),
});
export type TImportRequest = z.infer<typeof ZImportRequest>;

export const ZImportResult = z.object({
  dryRun: z.boolean(),
  /** Columns recognised, in file order. */
  columns: z.array(z.string()),
  /** Headers of the file that match no known column (they are not imported). */
  ignored: z.array(z.string()).optional(),
  /** First rows as read (at most 50), for the preview, keyed by the recognised column names. */
  preview: z.array(z.record(z.string(), z.string())),
  /** Row problems that stop a row from importing (row is 1-based, header excluded). */
  errors: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
  created: z.object({ clients: z.number(), invoices: z.number(), incidents: z.number() }),
  skipped: z.number(),
});
export type TImportResult = z.infer<typeof ZImportResult>;

/** What an import reads: the columns of each kind of CSV, in the suggested order. */
export const IMPORT_COLUMNS = {
  clients: ['name', 'surname', 'email', 'phone', 'contactNumber', 'address', 'type'],
  invoices: [
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
    'isQuote',
  ],
} as const;
export type ImportKind = keyof typeof IMPORT_COLUMNS;

/**
 * Columns a file must have. A blank client could never be matched nor fixed by
 * name, so on an invoice row it is a row error, not an incident.
 */
export const IMPORT_REQUIRED = {
  clients: ['name'],
  invoices: ['invoiceDate', 'client', 'description', 'price'],
} as const satisfies { [K in ImportKind]: readonly (typeof IMPORT_COLUMNS)[K][number][] };
