import { getCompany, type CompanyRow } from '../companies/index.js';
import { findClientForCompany } from '../clients/index.js';
import { markInvoiceSendFailed, markInvoiceSent } from '../invoices/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { CompanySmtpError } from '../../platform/mail.js';
import { PermanentQueueError, type QueueJob, type QueueHandler } from '../../platform/queue.js';
import { sendWithinLimit } from './send-limit.js';
import { NoRecipientError, mailInvoice, mailStatement, recipientsOf } from './document-mail.js';
import type { MailDeps } from './document-mail.js';

/** Queue kinds of this area (the `queue_jobs.kind` column). */
export const INVOICE_EMAIL = 'invoice-email';
export const STATEMENT_EMAIL = 'statement-email';

export interface InvoiceEmailPayload {
  invoiceId: string;
  /**
   * Not counted in the hourly sending limit when queued (a recurring run's):
   * the job takes its place when it sends, or waits for the next hour.
   */
  countAtSend?: boolean;
}
export interface StatementEmailPayload {
  clientId: string;
  /** The calendar month (YYYY-MM, company time zone) the statement is for. */
  month: string;
  /** A recurring invoice's statement: sent whatever the client's monthly setting. */
  always?: boolean;
  /** As for an invoice: counted in the hourly limit when it sends. */
  countAtSend?: boolean;
}

/**
 * Failures no retry can fix become permanent: nobody to send to, or a record
 * or template the request cannot use (a 4xx from the renderer, such as the
 * invoice having been deleted). SMTP and printing errors are retried.
 */
async function permanentOnBadData<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof NoRecipientError) throw new PermanentQueueError(e.message);
    // The company's server may be back later; a private address will not change.
    if (e instanceof CompanySmtpError && e.retry) throw e;
    if (e instanceof HttpError && e.status < 500)
      throw new PermanentQueueError(
        e.status === 404 ? 'The invoice or client no longer exists' : e.message,
      );
    throw e;
  }
}

/** The handlers the delivery worker runs. */
export function deliveryHandlers(
  deps: MailDeps & Pick<AppDeps, 'events'>,
): Record<string, QueueHandler> {
  const db = deps.database.db;

  async function companyOf(job: QueueJob): Promise<CompanyRow> {
    const company = job.companyId ? await getCompany(db, job.companyId) : null;
    if (!company) throw new PermanentQueueError('The company no longer exists');
    return company;
  }

  const changed = (companyId: string, id: string) => () =>
    deps.events.emit({ companyId, name: 'invoicesChanged', ids: [id] });

  const invoiceEmail: QueueHandler = {
    async run(job) {
      const { invoiceId, countAtSend } = job.payload as unknown as InvoiceEmailPayload;
      const company = await companyOf(job);
      const send = () => permanentOnBadData(() => mailInvoice(deps, company, invoiceId));
      const record = countAtSend
        ? await sendWithinLimit(deps.config.sendsPerHour, db, company.id, send)
        : await send();
      return {
        write: (tx) => markInvoiceSent(tx, company.id, invoiceId, record),
        afterCommit: changed(company.id, invoiceId),
      };
    },
    async failed(tx, job, error) {
      const { invoiceId } = job.payload as unknown as InvoiceEmailPayload;
      if (!job.companyId) return;
      await markInvoiceSendFailed(tx, job.companyId, invoiceId, error);
      return changed(job.companyId, invoiceId);
    },
  };

  const statementEmail: QueueHandler = {
    async run(job) {
      const { clientId, always, countAtSend } = job.payload as unknown as StatementEmailPayload;
      const company = await companyOf(job);
      // The client may have been deleted, or opted out, since the job was queued.
      const client = await findClientForCompany(db, company.id, clientId);
      if (!client || (!always && !client.autoSendStatement)) return;
      if (recipientsOf(client.email).length === 0)
        throw new PermanentQueueError(`Client ${client.name} has no e-mail address`);
      const send = () => permanentOnBadData(() => mailStatement(deps, company, clientId));
      if (countAtSend) await sendWithinLimit(deps.config.sendsPerHour, db, company.id, send);
      else await send();
    },
  };

  return { [INVOICE_EMAIL]: invoiceEmail, [STATEMENT_EMAIL]: statementEmail };
}
