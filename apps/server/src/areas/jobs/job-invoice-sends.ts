import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import {
  PermanentQueueError,
  completeUnclaimed,
  findQueuedInGroup,
  type QueueHandler,
} from '../../platform/queue.js';
import { findClientForCompany } from '../clients/index.js';
import { mailInvoice, pdfAttachment, recipientsOf, sendAsCompany } from '../delivery/index.js';
import {
  claimQueuedSend,
  invoiceDocument,
  markInvoiceSendFailed,
  markInvoiceSent,
  releaseSend,
} from '../invoices/index.js';
import {
  invoiceLine,
  permanentOnBadData,
  templateAttachments,
  withSendPlace,
  type AutomationMailDeps,
} from './job-automation-mail.js';
import { companyOf } from './job-automations.service.js';
import * as repo from './job-automations.repo.js';
import {
  JOB_INVOICE_EMAIL,
  JOB_INVOICE_GATHERED,
  JOB_INVOICE_GROUP,
  type GroupPayload,
  type InvoiceEmailPayload,
} from './job-automations.kinds.js';

type Deps = AutomationMailDeps & Pick<AppDeps, 'events'>;

/**
 * The sends of generated job invoices: one invoice to its client (at once,
 * or at its gathered boundary), and the grouped send that carries every
 * invoice gathered for one client and period in one e-mail. The mail goes in
 * `run`; what records it (the invoice's `sent`, the group's members done)
 * commits with the job's completion, so a crash can repeat only a mail in
 * flight.
 */
export function invoiceSendHandlers(deps: Deps): Record<string, QueueHandler> {
  const db = deps.database.db;
  const changed = (companyId: string, ids: string[]) => () =>
    deps.events.emit({ companyId, name: 'invoicesChanged', ids });

  /**
   * A gathered send waits for its boundary with the invoice marked Sending...;
   * before anything is printed it claims the invoice by one conditional update
   * (docs/documents.md, "One mail per send"): sent by hand (or failed) since,
   * or being sent by hand now, the claim fails and it sends nothing.
   */
  const claim = (companyId: string, p: InvoiceEmailPayload) =>
    p.gathered ? claimQueuedSend(db, companyId, p.invoiceId) : Promise.resolve(true);
  /** A claimed send that did not go gives its claim back, still waiting (its retry claims again). */
  const giveBack = async <T>(companyId: string, ids: string[], send: () => Promise<T>) => {
    try {
      return await send();
    } catch (e) {
      for (const id of ids) await releaseSend(db, companyId, id, true);
      throw e;
    }
  };

  const one: QueueHandler = {
    async run(job) {
      const p = job.payload as unknown as InvoiceEmailPayload;
      const company = await companyOf(deps, job.companyId);
      if (!(await claim(company.id, p))) return;
      const claimed = p.gathered ? [p.invoiceId] : [];
      const record = await giveBack(company.id, claimed, async () => {
        const found = await repo.findJobForAutomation(db, company.id, p.jobId);
        // The place in the hourly limit first: a mail over it waits before anything is printed.
        return withSendPlace(deps, company.id, async () => {
          const attachments = await templateAttachments(deps, company, found, p.templates);
          return permanentOnBadData(() =>
            mailInvoice(deps, company, p.invoiceId, undefined, { attachments }),
          );
        });
      });
      return {
        write: (tx) => markInvoiceSent(tx, company.id, p.invoiceId, record),
        afterCommit: changed(company.id, [p.invoiceId]),
      };
    },
    async failed(tx, job, error) {
      const p = job.payload as unknown as InvoiceEmailPayload;
      if (!job.companyId) return;
      await markInvoiceSendFailed(tx, job.companyId, p.invoiceId, error);
      await repo.prependLog(tx, job.companyId, p.jobId, {
        s: `Invoice not sent: ${error}`,
        d: new Date().toISOString(),
      });
      return changed(job.companyId, [p.invoiceId]);
    },
  };

  const group: QueueHandler = {
    async run(job) {
      const p = job.payload as unknown as GroupPayload;
      const company = await companyOf(deps, job.companyId);
      const members = await findQueuedInGroup(db, company.id, JOB_INVOICE_GATHERED, p.group);
      if (members.length === 0) return;
      const client = await findClientForCompany(db, company.id, p.clientId);
      if (!client) throw new PermanentQueueError('The client no longer exists');
      const to = recipientsOf(client.email);
      if (to.length === 0)
        throw new PermanentQueueError(`Client ${client.name} has no e-mail address`);
      const docs: { mp: InvoiceEmailPayload; doc: Awaited<ReturnType<typeof invoiceDocument>> }[] =
        [];
      const claimed: string[] = [];
      await giveBack(company.id, claimed, async () => {
        for (const m of members) {
          const mp = m.payload as unknown as InvoiceEmailPayload;
          if (docs.some((d) => d.mp.invoiceId === mp.invoiceId)) continue;
          try {
            const doc = await invoiceDocument(deps, company.id, mp.invoiceId);
            if (!(await claim(company.id, mp))) continue; // sent by hand since, or being sent
            claimed.push(mp.invoiceId);
            docs.push({ mp, doc });
          } catch (e) {
            if (e instanceof HttpError && e.status === 404) continue; // deleted since
            throw e;
          }
        }
        if (docs.length === 0) return;
        const name = [client.name, client.surname].filter(Boolean).join(' ');
        // The place in the hourly limit first: a mail over it waits before anything is printed.
        await withSendPlace(deps, company.id, async () => {
          const attachments: ReturnType<typeof pdfAttachment>[] = [];
          const lines: string[] = [];
          for (const { mp, doc } of docs) {
            attachments.push(
              pdfAttachment(doc.fileName, await deps.pdf.print(doc.html, { company: company.id })),
            );
            const found = await repo.findJobForAutomation(db, company.id, mp.jobId);
            attachments.push(...(await templateAttachments(deps, company, found, mp.templates)));
            lines.push(invoiceLine(doc.invoice.number, doc.invoice.total, doc.invoice.publicUrl));
          }
          await permanentOnBadData(() =>
            sendAsCompany(deps, company, {
              to,
              subject: `Invoices from ${company.companyName}`,
              text: `Dear ${name},\n\nPlease find attached your invoices:\n\n${lines.join('\n')}\n\nKind regards\n${company.companyName}\n`,
              attachments,
              headers: { 'X-Fieldbook-Invoices': docs.map((d) => d.mp.invoiceId).join(',') },
            }),
          );
        });
      });
      const memberIds = members.map((m) => m.id);
      const sent = docs.map((d) => d.mp.invoiceId);
      const record = { to: to.join(', '), date: new Date().toISOString() };
      return {
        async write(tx) {
          await completeUnclaimed(tx, company.id, memberIds);
          for (const id of sent) await markInvoiceSent(tx, company.id, id, record);
        },
        afterCommit: changed(company.id, sent),
      };
    },
  };

  // A member its group missed (gathered just as the group ran) goes alone a day later.
  return { [JOB_INVOICE_EMAIL]: one, [JOB_INVOICE_GATHERED]: one, [JOB_INVOICE_GROUP]: group };
}
