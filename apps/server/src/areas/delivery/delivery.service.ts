import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  BULK_ENQUEUED,
  MSG,
  splitRecipients,
  type TEmailDraft,
  type ZSendEmail,
} from '@fieldbook/core';
import { getCompany, type CompanyRow } from '../companies/index.js';
import { statementDocument } from '../clients/index.js';
import {
  claimSendByHand,
  creditNoteDocument,
  invoiceDocument,
  markInvoiceSent,
  markInvoicesQueued,
  releaseSend,
} from '../invoices/index.js';
import { isUuid } from '../../platform/access.js';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { enqueueMany, wakeWorkers } from '../../platform/queue.js';
import { withLink } from './company-mail.js';
import * as repo from './delivery.repo.js';
import { countSends as countCompanySends, sendOnPlace } from './send-limit.js';
import {
  LINK_LABEL,
  mailCreditNote,
  mailInvoice,
  mailStatement,
  type MailChoice,
} from './document-mail.js';
import type { MailDeps } from './document-mail.js';
import { INVOICE_EMAIL } from './delivery.queue.js';

/** A send by hand while another send of the invoice is under way (a gathered send printing). */
export const BEING_SENT = 'This invoice is being sent right now; look at its e-mails in a moment';

type SendBody = z.output<typeof ZSendEmail>;
export type DeliveryService = ReturnType<typeof createDeliveryService>;

export function createDeliveryService(deps: MailDeps & Pick<AppDeps, 'events'>) {
  const db = deps.database.db;

  async function companyOf(companyId: string): Promise<CompanyRow> {
    const c = await getCompany(db, companyId);
    if (!c) throw notFound('Company not found');
    return c;
  }

  /** Who gets the mail: the chosen recipients, or for a test only the company itself. */
  function choiceOf(company: CompanyRow, body: SendBody, by: string): MailChoice {
    if (!body.test) return { to: body.to, subject: body.subject, message: body.message, by };
    const own = company.emailAddress.trim();
    if (!own) throw new HttpError(400, MSG.noCompanyEmail);
    return { to: [own], subject: body.subject, message: body.message, by };
  }

  const draftCommon = (company: CompanyRow) => ({
    companyEmail: company.emailAddress,
    ownSmtp: !!company.smtp?.host,
  });

  /** Counts `n` messages in the company's hourly limit, or refuses them all (429). */
  const countSends = (tx: Tx, companyId: string, n: number) =>
    countCompanySends(tx, companyId, n, deps.config.sendsPerHour);

  const changed = (companyId: string, ids: string[]) =>
    deps.events.emit({ companyId, name: 'invoicesChanged', ids });

  return {
    /** What the send modal starts from: the invoice's addresses and the template's subject and body. */
    async invoiceDraft(companyId: string, id: string): Promise<TEmailDraft> {
      const company = await companyOf(companyId);
      const doc = await invoiceDocument(deps, companyId, id);
      return {
        to: splitRecipients(doc.invoice.toEmail),
        subject: doc.subject,
        message: withLink(doc.emailBody, doc.invoice.publicUrl, LINK_LABEL),
        publicUrl: doc.invoice.publicUrl,
        ...draftCommon(company),
      };
    },

    /**
     * Sends now and answers once the mail went out. A real send is recorded
     * on the invoice (sent, one more e-mail, any queued send cleared); a test
     * goes to the company's own address only and records nothing.
     */
    async sendInvoice(companyId: string, id: string, body: SendBody, userId: string) {
      const company = await companyOf(companyId);
      const choice = choiceOf(company, body, userId);
      // A real send claims the invoice first, by one conditional update (docs/documents.md,
      // "One mail per send"): a gathered send waiting for its boundary then sends nothing,
      // and while another send of it is under way this one is refused.
      const claim = body.test || !isUuid(id) ? null : await claimSendByHand(db, companyId, id);
      if (!body.test && isUuid(id) && !claim) {
        // Not found, or being sent: the same 404 as the send would give for another company's id.
        if (!(await repo.existingInvoiceIds(db, companyId, [id.toLowerCase()])).length)
          throw notFound('Invoice not found');
        throw new HttpError(409, BEING_SENT);
      }
      // A mail the SMTP server refused gives its place back (and the claim, and the gathered wait).
      const record = await sendOnPlace(
        db,
        companyId,
        () => countSends(db, companyId, 1),
        () => mailInvoice(deps, company, id, choice),
      ).catch(async (e: unknown) => {
        if (claim) await releaseSend(db, companyId, id, claim.wasQueued);
        throw e;
      });
      if (!body.test) {
        await db.transaction((tx) => markInvoiceSent(tx, companyId, id, record));
        changed(companyId, [id]);
      }
      return { message: MSG.sent };
    },

    async statementDraft(companyId: string, clientId: string): Promise<TEmailDraft> {
      const company = await companyOf(companyId);
      const doc = await statementDocument(deps, companyId, clientId);
      return {
        to: splitRecipients(doc.client.email),
        subject: doc.subject,
        message: doc.emailBody,
        publicUrl: '',
        ...draftCommon(company),
      };
    },

    async sendStatement(companyId: string, clientId: string, body: SendBody, userId: string) {
      const company = await companyOf(companyId);
      const choice = choiceOf(company, body, userId);
      await sendOnPlace(
        db,
        companyId,
        () => countSends(db, companyId, 1),
        () => mailStatement(deps, company, clientId, choice),
      );
      return { message: MSG.sent };
    },

    /** A credit note's send modal: where its invoice went, and the note's subject and body. */
    async creditNoteDraft(companyId: string, noteId: string): Promise<TEmailDraft> {
      const company = await companyOf(companyId);
      const doc = await creditNoteDocument(deps, companyId, noteId, { print: false });
      return {
        to: splitRecipients(doc.email),
        subject: doc.subject,
        message: doc.emailBody,
        publicUrl: '',
        ...draftCommon(company),
      };
    },

    /** Sends a credit note now, its PDF attached, inside the company's sending limit. */
    async sendCreditNote(companyId: string, noteId: string, body: SendBody, userId: string) {
      const company = await companyOf(companyId);
      const choice = choiceOf(company, body, userId);
      // 404 before a place is taken from the limit.
      await creditNoteDocument(deps, companyId, noteId, { print: false });
      await sendOnPlace(
        db,
        companyId,
        () => countSends(db, companyId, 1),
        () => mailCreditNote(deps, company, noteId, choice, !body.test),
      );
      return { message: MSG.sent };
    },

    /**
     * Queues one send per invoice. Every id must be an invoice of this
     * company, or nothing is queued (404). The flag and the jobs commit
     * together; the request's nonce in the dedupe key keeps one request from
     * queuing an invoice twice while a later resend is still possible.
     */
    async bulkEmail(companyId: string, ids: string[]) {
      const wanted = [...new Set(ids.map((i) => i.toLowerCase()))];
      if (!wanted.every(isUuid)) throw notFound('Invoice not found');
      const found = await repo.existingInvoiceIds(db, companyId, wanted);
      if (found.length !== wanted.length) throw notFound('Invoice not found');
      const nonce = randomUUID();
      await db.transaction(async (tx) => {
        const fresh = await markInvoicesQueued(tx, companyId, wanted);
        await countSends(tx, companyId, fresh.length);
        await enqueueMany(
          tx,
          fresh.map((invoiceId) => ({
            kind: INVOICE_EMAIL,
            companyId,
            payload: { invoiceId },
            dedupeKey: `invoice-email:${invoiceId}:${nonce}`,
          })),
        );
      });
      wakeWorkers();
      changed(companyId, wanted);
      return { message: BULK_ENQUEUED };
    },
  };
}
