import type {
  TCreditNoteApply,
  TCreditNote,
  TCreditNoteList,
  TCreditNoteRefundSave,
  TOpenInvoice,
  ZCreditNoteSave,
} from '@fieldbook/core';
import type { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { Tx } from '../../db/client.js';
import { getCompany } from '../companies/index.js';
import {
  creditNote,
  creditNotesOf,
  issueCreditNote,
  listCreditNotes,
  openInvoicesForNote,
} from './credit-notes.js';
import { applyToInvoice, recordRefund, removeRefund } from './credit-refunds.js';

export type CreditNotesService = ReturnType<typeof createCreditNotesService>;

async function companyOf(tx: Tx, companyId: string) {
  const c = await getCompany(tx, companyId);
  if (!c) throw notFound('Company not found');
  return { id: c.id, timeZone: c.timeZone };
}

/**
 * Credit notes (VAT Act s21(3)(a), docs/payments.md): issued on an invoice,
 * listed, read, and their excess paid back. A note is never edited or deleted.
 */
export function createCreditNotesService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;
  return {
    /** Issues a credit note on the invoice (needs u); answers it. */
    async issue(
      companyId: string,
      userId: string,
      invoiceId: string,
      body: z.output<typeof ZCreditNoteSave>,
    ): Promise<TCreditNote> {
      const noteId = await db.transaction(async (tx) =>
        issueCreditNote(tx, await companyOf(tx, companyId), invoiceId, body, userId),
      );
      return creditNote(db, companyId, noteId);
    },

    /** The invoice's credit notes, oldest first. */
    ofInvoice(companyId: string, invoiceId: string): Promise<TCreditNote[]> {
      return creditNotesOf(db, companyId, invoiceId);
    },

    /** The company's notes of a period, newest first. */
    list(companyId: string, q: { from?: string; to?: string }): Promise<TCreditNoteList> {
      return listCreditNotes(db, companyId, q);
    },

    /** One credit note. */
    one(companyId: string, noteId: string): Promise<TCreditNote> {
      return creditNote(db, companyId, noteId);
    },

    /** Where the note's credit may be kept: its client's invoices with a balance. */
    openInvoices(companyId: string, noteId: string): Promise<TOpenInvoice[]> {
      return openInvoicesForNote(db, companyId, noteId);
    },

    /** Money paid back out of the note's excess (needs u); answers the note. */
    async addRefund(
      companyId: string,
      userId: string,
      noteId: string,
      body: TCreditNoteRefundSave,
    ): Promise<TCreditNote> {
      await db.transaction(async (tx) =>
        recordRefund(tx, await companyOf(tx, companyId), noteId, body, userId),
      );
      return creditNote(db, companyId, noteId);
    },

    /** What the note owes the client kept for a later invoice of theirs (needs u); answers the note. */
    async apply(
      companyId: string,
      userId: string,
      noteId: string,
      body: TCreditNoteApply,
    ): Promise<TCreditNote> {
      await db.transaction(async (tx) =>
        applyToInvoice(tx, await companyOf(tx, companyId), noteId, body, userId),
      );
      return creditNote(db, companyId, noteId);
    },

    /** A refund recorded by mistake taken off (needs u); answers the note. */
    async removeRefund(companyId: string, noteId: string, refundId: string): Promise<TCreditNote> {
      await db.transaction((tx) => removeRefund(tx, companyId, noteId, refundId));
      return creditNote(db, companyId, noteId);
    },
  };
}
