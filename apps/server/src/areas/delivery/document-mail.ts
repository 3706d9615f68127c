import { MAX_RECIPIENTS, ZEmail, splitRecipients, type TEmailRecord } from '@fieldbook/core';
import type { CompanyRow } from '../companies/index.js';
import { findClientForCompany, statementDocument } from '../clients/index.js';
import { creditNoteDocument, invoiceDocument } from '../invoices/index.js';
import type { DocumentDeps } from '../templates/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { linkForMail } from '../portal-links/index.js';
import { pdfAttachment, sendAsCompany, withLink } from './company-mail.js';

/** Where the link in an invoice mail leads, as the line before it says. */
/** What mailing a document uses: rendering, printing and the company's mail server. */
export type MailDeps = DocumentDeps & Pick<AppDeps, 'pdf' | 'sealer' | 'mailer'>;

export const LINK_LABEL = 'View it online';
/** Where the second link leads: the client's portal (invoices, quotes, statement). */
export const PORTAL_LABEL = 'Your account with us';

/** The well-formed addresses of a stored recipients text ("a@b.c; d@e.f"). */
export function recipientsOf(text: string): string[] {
  return splitRecipients(text).flatMap((p) => {
    const r = ZEmail.safeParse(p);
    return r.success ? [r.data] : [];
  });
}

/** What the sender chose in the send modal; left out, the template's defaults and the record's address. */
export interface MailChoice {
  to: string[];
  subject: string;
  message: string;
  /** The user sending: their prints count in the per-user printing bound. */
  by?: string;
}

/** More for an invoice mail: another template to print it with, more PDFs to attach. */
export interface InvoiceMailExtras {
  templateId?: string | null;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Thrown when there is nobody, or somebody unusable, to send to (a job fails at once on it). */
export class NoRecipientError extends Error {}

/**
 * The stored recipients of a record, each a well-formed address and at most
 * MAX_RECIPIENTS of them (older records were saved without that check).
 */
function storedRecipients(text: string, what: string, none: string): string[] {
  const parts = splitRecipients(text);
  if (parts.length === 0) throw new NoRecipientError(none);
  const to = recipientsOf(text);
  if (to.length < parts.length)
    throw new NoRecipientError(
      `${what}: ${parts.find((p) => !ZEmail.safeParse(p).success)} is not an e-mail address`,
    );
  if (to.length > MAX_RECIPIENTS)
    throw new NoRecipientError(`${what} has more than ${MAX_RECIPIENTS} recipients`);
  return to;
}

/**
 * Renders an invoice or quote with its template, prints it, and mails it with
 * the PDF attached and the public link in the body. Answers the record of
 * the mail for `invoices.emails`; writing it is the caller's (so it can go
 * into the same transaction as the job's completion).
 */
export async function mailInvoice(
  deps: MailDeps,
  company: CompanyRow,
  invoiceId: string,
  choice?: MailChoice,
  extras: InvoiceMailExtras = {},
): Promise<TEmailRecord> {
  const doc = await invoiceDocument(deps, company.id, invoiceId, extras.templateId);
  const to =
    choice?.to ??
    storedRecipients(
      doc.invoice.toEmail,
      `Invoice ${doc.invoice.number}`,
      `Invoice ${doc.invoice.number} has no e-mail address to send to; add one to the invoice and send it again`,
    );
  const pdf = await deps.pdf.print(doc.html, { owner: choice?.by, company: company.id });
  const portal = await portalLinkFor(deps, company, doc.invoice.entityId, to);
  const text = withLink(choice?.message ?? doc.emailBody, doc.invoice.publicUrl, LINK_LABEL);
  await sendAsCompany(deps, company, {
    to,
    subject: choice?.subject ?? doc.subject,
    text: withLink(text, portal, PORTAL_LABEL),
    attachments: [pdfAttachment(doc.fileName, pdf), ...(extras.attachments ?? [])],
    headers: { 'X-Fieldbook-Invoice': invoiceId },
  });
  return { to: to.join(', '), date: new Date().toISOString() };
}

/**
 * The client's portal link for a document mail (docs/portal.md, "In every
 * mail"): when the company chose it, and only when every recipient is an
 * address the client record holds (setting it needs the clients right, as
 * making a link does), never to an address typed in for one send.
 */
async function portalLinkFor(
  deps: MailDeps,
  company: CompanyRow,
  clientId: string | null,
  to: string[],
): Promise<string> {
  if (!company.portalInEmails || !clientId) return '';
  const client = await findClientForCompany(deps.database.db, company.id, clientId);
  const own = new Set(recipientsOf(client?.email ?? '').map((a) => a.toLowerCase()));
  if (to.length === 0 || !to.every((a) => own.has(a.toLowerCase()))) return '';
  return (
    (await linkForMail(deps.database.db, deps.sealer, deps.config.publicUrl, {
      companyId: company.id,
      clientId,
      days: company.portalLinkDays,
    })) ?? ''
  );
}

/** The same for a client's statement (it has no public link). */
export async function mailStatement(
  deps: MailDeps,
  company: CompanyRow,
  clientId: string,
  choice?: MailChoice,
): Promise<void> {
  const doc = await statementDocument(deps, company.id, clientId);
  const to =
    choice?.to ??
    storedRecipients(
      doc.client.email,
      `Client ${doc.client.name}`,
      `Client ${doc.client.name} has no e-mail address`,
    );
  const pdf = await deps.pdf.print(doc.html, { owner: choice?.by, company: company.id });
  await sendAsCompany(deps, company, {
    to,
    subject: choice?.subject ?? doc.subject,
    text: choice?.message ?? doc.emailBody,
    attachments: [pdfAttachment(doc.fileName, pdf)],
    headers: { 'X-Fieldbook-Statement': clientId },
  });
}

/**
 * A credit note, printed and mailed with its PDF (docs/payments.md): the mail
 * counts as a print, so the first one sent or downloaded is the original and
 * every later one says "Copy".
 */
export async function mailCreditNote(
  deps: MailDeps,
  company: CompanyRow,
  noteId: string,
  choice: MailChoice,
  /** false for a test to the company itself: it prints nothing, so the original stays unsent. */
  print = true,
): Promise<void> {
  const doc = await creditNoteDocument(deps, company.id, noteId, { print });
  const pdf = await deps.pdf.print(doc.html, { owner: choice.by, company: company.id });
  await sendAsCompany(deps, company, {
    to: choice.to,
    subject: choice.subject,
    text: choice.message,
    attachments: [pdfAttachment(doc.fileName, pdf)],
    headers: { 'X-Fieldbook-Credit-Note': doc.note._id },
  });
}
