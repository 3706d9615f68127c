import { RECURRING_NOT_FOUND, todayIn } from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import { isUuid } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { getCompany } from '../companies/index.js';
import { findInvoice, invoiceDocument, writeInvoice, type InvoiceRow } from '../invoices/index.js';
import type { DocumentDeps } from '../templates/index.js';
import { invoiceInput } from './recurring.make.js';
import * as repo from './recurring.repo.js';

export type RecurringPreview = ReturnType<typeof createRecurringPreview>;

/** Thrown to roll the preview's transaction back once it holds the invoice row. */
class Preview extends Error {
  constructor(readonly row: InvoiceRow) {
    super('preview');
  }
}

/**
 * The invoice a recurring item would make on its next run, as a PDF: written
 * through the invoices writer (numbering, totals) in a transaction that is
 * rolled back, then printed from the row it held. Nothing is saved.
 */
export function createRecurringPreview(deps: DocumentDeps & Pick<AppDeps, 'pdf'>) {
  const db = deps.database.db;
  return {
    /** `owner`: who asks, so the printer's caps per person and company refuse a flood (429). */
    async invoicePdf(companyId: string, id: string, owner: string) {
      const found = isUuid(id)
        ? await repo.findItem(db, companyId, 'invoices', id.toLowerCase())
        : null;
      if (!found) throw notFound(RECURRING_NOT_FOUND);
      const item = found.item;
      let row: InvoiceRow;
      try {
        await db.transaction(async (tx) => {
          const company = await getCompany(tx, companyId);
          if (!company) throw notFound('Company not found');
          const date = item.nextRunDate ?? todayIn(company.timeZone);
          const input = await invoiceInput(tx, item, date);
          // A deleted client still previews: the run would raise an incident instead.
          const w = await writeInvoice(
            tx,
            company,
            null,
            { ...input, entityId: null },
            { dropUnknownAccounts: true },
          );
          const r = await findInvoice(tx, companyId, w.id);
          if (!r) throw notFound('Invoice not found');
          throw new Preview({ ...r, entityId: item.entityId });
        });
        throw new Error('the preview transaction committed');
      } catch (e) {
        if (!(e instanceof Preview)) throw e;
        row = e.row;
      }
      const doc = await invoiceDocument(deps, companyId, row);
      return {
        data: await deps.pdf.print(doc.html, { owner, company: companyId }),
        fileName: doc.fileName,
      };
    },
  };
}
