import {
  DEFAULT_TIME_ZONE,
  PeriodError,
  addDays,
  parsePeriodQuery,
  toAmount,
  todayIn,
  type Period,
  type TInvoice,
  type TInvoicePayments,
  type TPaymentSave,
  type TInvoiceSaved,
  type TInvoiceSummary,
  type ZInvoiceSave,
} from '@fieldbook/core';
import type { z } from 'zod';
import { isUuid } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { recomputeOutstanding } from '../clients/index.js';
import { hasOnlinePayments, removeHandPayments } from '../payments/index.js';
import { getCompany } from '../companies/index.js';
import { removeSourceItems } from '../accounting/index.js';
import type { Tx } from '../../db/client.js';
import { withLiveItemIds } from './invoice-lines.js';
import { invoicePayments, recordHandPayment, removePayment } from './invoice-payments.js';
import { writeInvoice, type WriterCompany } from './invoice-writer.js';
import * as repo from './invoices.repo.js';
import type { InvoiceRow } from './invoices.repo.js';
import { presentInvoice } from './invoices.present.js';

export type InvoicesService = ReturnType<typeof createInvoicesService>;
type PeriodQuery = { from?: string; to?: string; type?: string };

export const INVOICE_PAID_ONLINE = 'This invoice was paid online, so it cannot be deleted';
export const INVOICE_CREDITED = 'This invoice has credit notes, so it cannot be deleted';

async function companyFor(db: Tx, companyId: string): Promise<WriterCompany> {
  const c = await getCompany(db, companyId);
  if (!c) throw notFound('Company not found');
  return { id: c.id, tax: c.tax, numbering: c.numbering, timeZone: c.timeZone };
}

/** An invoice saved with the recurring switch on, as the recurring area takes it. */
export interface RecurringInvoiceSource {
  kind: 'invoices';
  id: string;
  date: string;
  dueDate: string;
  recurringType: string;
  entityId: string | null;
  invoiceTemplateId: string | null;
  to: string;
  toEmail: string;
  notes: string;
  descriptions: InvoiceRow['descriptions'];
  discount: InvoiceRow['discount'];
  tax: InvoiceRow['tax'];
  total: string;
}

/**
 * What the invoices area asks of the recurring area (which imports the
 * invoices area), wired in the composition root (src/compose.ts).
 */
export interface InvoicesNeeds {
  /** Makes the recurring item of a document saved with the switch on. */
  recurringFromDocument(
    tx: Tx,
    companyId: string,
    timeZone: string,
    userId: string | null,
    src: RecurringInvoiceSource,
  ): Promise<unknown>;
}

/** The recurring item of an invoice saved with the switch on (not of a quote). */
async function makeRecurring(
  needs: InvoicesNeeds,
  tx: Tx,
  company: WriterCompany,
  userId: string,
  id: string,
) {
  const row = await repo.findInvoice(tx, company.id, id);
  if (!row || row.isQuote) return;
  await needs.recurringFromDocument(tx, company.id, company.timeZone, userId, {
    kind: 'invoices',
    id: row.id,
    date: row.invoiceDate,
    dueDate: row.dueDate,
    recurringType: row.recurringType,
    entityId: row.entityId,
    invoiceTemplateId: row.invoiceTemplateId,
    to: row.to,
    toEmail: row.toEmail,
    notes: row.notes,
    descriptions: row.descriptions,
    discount: row.discount,
    tax: row.tax,
    total: row.total,
  });
}

export function createInvoicesService(deps: Pick<AppDeps, 'database'>, needs: InvoicesNeeds) {
  const db = deps.database.db;

  /** The period of a list query (DECISIONS §5); a bad value is a 400 naming its field. */
  async function period(companyId: string, q: PeriodQuery): Promise<Period> {
    // The zone only decides the default period, so a full range needs no company lookup.
    const tz = q.from && q.to ? DEFAULT_TIME_ZONE : (await companyFor(db, companyId)).timeZone;
    try {
      return parsePeriodQuery(q, tz);
    } catch (e) {
      if (e instanceof PeriodError) throw new HttpError(400, e.message, { [e.field]: e.message });
      throw e;
    }
  }

  return {
    /** The period's rows as JSON text (`TInvoiceRow[]`), built by the database. */
    async listJson(companyId: string, q: PeriodQuery): Promise<string> {
      const p = await period(companyId, q);
      return repo.listInvoicesJson(db, companyId, p.from, p.to);
    },

    async summary(companyId: string, q: PeriodQuery): Promise<TInvoiceSummary> {
      const p = await period(companyId, q);
      const [s, methods] = await Promise.all([
        repo.summarize(db, companyId, p.from, p.to),
        repo.paidByMethod(db, companyId, p.from, p.to),
      ]);
      return {
        paid: toAmount(s.paid),
        outstanding: toAmount(s.outstanding),
        quotes: toAmount(s.quotes),
        counts: {
          all: Number(s.all),
          paid: Number(s.paidCount),
          unpaid: Number(s.unpaidCount),
          quotes: Number(s.quoteCount),
        },
        methods: methods.map((m) => ({ method: m.method, total: toAmount(m.total) })),
      };
    },

    /** An invoice's payments and balance (DECISIONS §16). */
    payments(companyId: string, id: string): Promise<TInvoicePayments> {
      return invoicePayments(db, companyId, id);
    },

    /** A payment by hand (needs u): at most the balance; answers the payments after it. */
    async addPayment(
      companyId: string,
      userId: string,
      id: string,
      body: TPaymentSave,
    ): Promise<TInvoicePayments> {
      await db.transaction(async (tx) => {
        const c = await companyFor(tx, companyId);
        await recordHandPayment(tx, c, id, body, userId);
      });
      return invoicePayments(db, companyId, id);
    },

    /** A payment by hand taken off (needs u; an online payment stays). */
    async removePayment(companyId: string, id: string, paymentId: string) {
      await db.transaction((tx) => removePayment(tx, companyId, id, paymentId));
      return invoicePayments(db, companyId, id);
    },

    async get(companyId: string, id: string): Promise<TInvoice> {
      const row = await repo.findInvoiceWithClient(db, companyId, id);
      if (!row) throw notFound('Invoice not found');
      return presentInvoice(row.invoice, row.clientName, row.clientSurname);
    },

    /** Create (needs c) or update (needs u), in one transaction. */
    async save(
      companyId: string,
      userId: string,
      body: z.output<typeof ZInvoiceSave>,
    ): Promise<TInvoiceSaved> {
      if (body._id && !isUuid(body._id)) throw notFound('Invoice not found');
      return db.transaction(async (tx) => {
        const company = await companyFor(tx, companyId);
        const before = body._id ? await repo.findInvoice(tx, companyId, body._id) : null;
        const r = await writeInvoice(tx, company, userId, body);
        // The recurring switch turned on: the invoice becomes the first run of a recurring item.
        if (body.isRecurring && !before?.isRecurring)
          await makeRecurring(needs, tx, company, userId, r.id);
        return { _id: r.id, savedItems: r.savedItems };
      });
    },

    /** A new document of the same kind: fresh number, dated today, due in 7 days, unpaid, unsent. */
    async copy(companyId: string, userId: string, id: string) {
      return db.transaction(async (tx) => {
        const src = await repo.findInvoice(tx, companyId, id);
        if (!src) throw notFound('Invoice not found');
        if (!src.entityId) throw badField('entityId', 'Please select a client');
        const company = await companyFor(tx, companyId);
        const today = todayIn(company.timeZone);
        const r = await writeInvoice(
          tx,
          company,
          userId,
          {
            isQuote: src.isQuote,
            invoiceTemplateId: src.invoiceTemplateId,
            invoiceDate: today,
            dueDate: addDays(today, 7),
            entityId: src.entityId,
            to: src.to,
            toEmail: src.toEmail,
            // A line whose saved item was deleted since is copied without the link.
            descriptions: (await withLiveItemIds(tx, companyId, src.descriptions)).map((l) => ({
              ...l,
              save: false,
              saveClientPrice: false,
            })),
            discount: src.discount,
            tax: src.tax,
            paid: false,
            methodPaid: '',
            notes: src.notes,
            isRecurring: false,
            recurringType: src.recurringType,
            appointmentId: null,
            // Stored from a validated save, so of the save's shape.
            custom: src.custom as Record<string, string | number | boolean | null>,
          },
          // The source's lines were checked when saved: an account deleted since is dropped.
          { dropUnknownAccounts: true },
        );
        return { _id: r.id };
      });
    },

    async remove(companyId: string, id: string) {
      if (!isUuid(id)) throw notFound('Invoice not found');
      return db.transaction(async (tx) => {
        // Its payments would lose their invoice, and the client's account its record.
        // Locked first: a payment (PayFast's too) waits on this row until the delete is done.
        const found = await repo.findInvoice(tx, companyId, id, { forUpdate: true });
        if (await hasOnlinePayments(tx, companyId, id))
          throw new HttpError(400, INVOICE_PAID_ONLINE);
        // An issued credit note is kept, and so is the invoice it corrects (VAT Act s21).
        if (found && found.creditNotes > 0) throw new HttpError(400, INVOICE_CREDITED);
        // Its payments by hand go with it (online ones refused it above).
        if (found) await removeHandPayments(tx, companyId, id);
        const gone = await repo.deleteInvoice(tx, companyId, id);
        if (!gone) throw notFound('Invoice not found');
        await removeSourceItems(tx, companyId, 'invoice', id);
        if (gone.entityId) await recomputeOutstanding(tx, companyId, [gone.entityId]);
        return { message: 'Deleted' };
      });
    },
  };
}
