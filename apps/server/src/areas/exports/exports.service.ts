import {
  DEFAULT_TIME_ZONE,
  PeriodError,
  partyReference,
  parsePeriodQuery,
  sageCustomerCsv,
  sageExpensesCsv,
  creditedLinePlaces,
  toAmount,
  todayIn,
  xeroCreditNotesCsv,
  xeroInvoicesCsv,
  type ExportCreditNote,
  type ExportInvoice,
  type Period,
  type TExportFormat,
} from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { getCompany } from '../companies/index.js';
import { listExpenses } from '../expenses/index.js';
import {
  creditNotesForExport,
  invoicesForExport,
  payPeriodInvoices,
  resolveInvoices,
} from '../invoices/index.js';
import { accountCodesOf } from './exports.repo.js';

export type ExportsService = ReturnType<typeof createExportsService>;
type PeriodQuery = { from?: string; to?: string; type?: string };
export type InvoiceExportFormat = TExportFormat;

/** The method a processed invoice is paid by (one of core's PAYMENT_METHODS). */
export const PROCESS_METHOD = 'Other';

/**
 * The accounting package's reference of a client or supplier: our records
 * have no code of their own, so the first 8 characters of the id, upper
 * case (Sage takes at most 8 letters and digits), stable across exports.
 */

/** `2026-03-01..2026-03-31` as a file name part. */
const span = (p: Period) => `${p.from}_${p.to}`;

/** The client's name and reference as both packages take them (the invoice's `to` when the client is gone). */
function party(r: {
  entityId: string | null;
  to: string;
  toEmail: string;
  clientName: string | null;
  clientSurname: string | null;
  clientEmail: string | null;
}) {
  return {
    clientName: r.clientName === null ? r.to : `${r.clientName} ${r.clientSurname ?? ''}`.trim(),
    clientReference: partyReference(r.entityId),
    email: r.toEmail || (r.clientEmail ?? ''),
  };
}

export function createExportsService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;

  async function zoneOf(companyId: string): Promise<string> {
    const c = await getCompany(db, companyId);
    if (!c) throw notFound('Company not found');
    return c.timeZone || DEFAULT_TIME_ZONE;
  }

  /** The period of a query (DECISIONS §5); a bad value is a 400 naming its field. */
  async function period(companyId: string, q: PeriodQuery): Promise<Period> {
    try {
      return parsePeriodQuery(q, await zoneOf(companyId));
    } catch (e) {
      if (e instanceof PeriodError) throw new HttpError(400, e.message, { [e.field]: e.message });
      throw e;
    }
  }

  /** The period's credit notes as the builders take them, each part with its ledger code. */
  async function creditNotesOf(companyId: string, p: Period): Promise<ExportCreditNote[]> {
    const rows = await creditNotesForExport(db, companyId, p.from, p.to);
    const codes = await accountCodesOf(
      db,
      companyId,
      'credit',
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({
      number: r.number,
      date: r.noteDate,
      invoiceNumber: r.invoiceNumber ?? '',
      ...party(r),
      invoice: {
        discount: r.discount,
        tax: r.tax,
        descriptions: r.descriptions.map((l, i) => ({
          ...l,
          accountCode: codes.get(`${r.id}:${i}`) ?? '',
        })),
      },
      credit: { total: toAmount(r.total), tax1: toAmount(r.tax1), tax2: toAmount(r.tax2) },
      lines: creditedLinePlaces(r.lines),
    }));
  }

  return {
    /**
     * The period's invoices (not quotes) as the package's CSV (Sage's with the
     * period's credit notes as 'SC' rows), or its credit notes in Xero's template; with
     * `resolve`, the exported invoices are marked resolved in the same request.
     */
    async invoices(
      companyId: string,
      q: PeriodQuery,
      format: InvoiceExportFormat,
      resolve: boolean,
    ): Promise<{ fileName: string; csv: string; resolved: number }> {
      const p = await period(companyId, q);
      if (format === 'xero-credit-notes') {
        const csv = xeroCreditNotesCsv(await creditNotesOf(companyId, p));
        return { fileName: `credit-notes-xero-${span(p)}.csv`, csv, resolved: 0 };
      }
      const rows = await invoicesForExport(db, companyId, p.from, p.to);
      const codes = await accountCodesOf(
        db,
        companyId,
        'invoice',
        rows.map((r) => r.id),
      );
      const invoices: ExportInvoice[] = rows.map((r) => ({
        number: r.invoiceNumber ?? '',
        invoiceDate: r.invoiceDate,
        dueDate: r.dueDate,
        ...party(r),
        discount: r.discount,
        tax: r.tax,
        descriptions: r.descriptions.map((l, i) => ({
          ...l,
          accountCode: codes.get(`${r.id}:${i}`) ?? '',
        })),
      }));
      const csv =
        format === 'xero'
          ? xeroInvoicesCsv(invoices)
          : sageCustomerCsv(invoices, await creditNotesOf(companyId, p));
      const resolved = resolve
        ? await db.transaction((tx) =>
            resolveInvoices(
              tx,
              companyId,
              rows.map((r) => r.id),
            ),
          )
        : 0;
      return { fileName: `invoices-${format}-${span(p)}.csv`, csv, resolved };
    },

    /** Process: the period's unpaid invoices paid in full today (company zone) and resolved. */
    async process(companyId: string, q: PeriodQuery): Promise<{ message: string; count: number }> {
      const p = await period(companyId, q);
      const datePaid = todayIn(await zoneOf(companyId));
      const count = await db.transaction((tx) =>
        payPeriodInvoices(tx, companyId, {
          from: p.from,
          to: p.to,
          datePaid,
          method: PROCESS_METHOD,
        }),
      );
      const message =
        count === 1 ? '1 invoice was marked as paid' : `${count} invoices were marked as paid`;
      return { message, count };
    },

    /** The period's expenses as Sage supplier-invoice rows with their ledger account code. */
    async expenses(companyId: string, q: PeriodQuery): Promise<{ fileName: string; csv: string }> {
      const p = await period(companyId, q);
      const rows = (await listExpenses(db, companyId, p.from, p.to)).reverse();
      const codes = await accountCodesOf(
        db,
        companyId,
        'expense',
        rows.map((r) => r.id),
      );
      const csv = sageExpensesCsv(
        rows.map((e) => ({
          number: e.expenseNumber,
          date: e.expenseDate,
          supplierName: e.to,
          supplierReference: partyReference(e.supplierId),
          description: e.description,
          accountCode: codes.get(`${e.id}:0`) ?? '',
          amount: Number(e.price),
        })),
      );
      return { fileName: `expenses-${span(p)}.csv`, csv };
    },
  };
}
