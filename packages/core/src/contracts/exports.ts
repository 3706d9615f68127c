import { z } from 'zod';
import { ZPeriodQuery } from './invoices.js';

/** Accounting-package exports (docs/exports.md). */
/** `xero-credit-notes`: the period's credit notes in Xero's credit-note template (Sage's file holds both). */
export const EXPORT_FORMATS = ['sage', 'xero', 'xero-credit-notes'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

/** `GET /invoices/export`: the period, the package's format (Sage by default), resolve. */
export const ZInvoiceExportQuery = ZPeriodQuery.extend({
  format: z.enum(EXPORT_FORMATS, { error: 'must be sage, xero or xero-credit-notes' }).optional(),
  resolve: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
});

/** `POST /invoices/process`: how many invoices were marked paid. */
export const ZProcessResult = z.object({ message: z.string(), count: z.number() });
export type TProcessResult = z.infer<typeof ZProcessResult>;

/** Spec §8's confirmations of the invoices list (exact wording). */
export const EXPORT_MSG = {
  confirmProcess: 'Process the current period unpaid invoices as paid. Do you want to continue?',
  confirmResolve: 'Do you want to mark all invoices as resolved to sage?',
  /** Ours, under the spec's question, which names the package in lower case and says no more. */
  explainResolve:
    "Resolve all downloads the period's invoices for Sage and marks them resolved; Just download leaves them as they are.",
} as const;
