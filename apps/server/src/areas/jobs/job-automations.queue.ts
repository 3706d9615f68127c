import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { PermanentQueueError, wakeWorkers, type QueueHandler } from '../../platform/queue.js';
import { pdfAttachment, recipientsOf, sendAsCompany } from '../delivery/index.js';
import { invoiceDocument } from '../invoices/index.js';
import {
  clientRecipients,
  fillPlaceholders,
  notificationText,
  oneLine,
  permanentOnBadData,
  placeholderValues,
  templateAttachments,
  withSendPlace,
  textAsHtml,
  type AutomationMailDeps,
} from './job-automation-mail.js';
import { companyOf, ensureInvoice, loadEntry, recordEntry } from './job-automations.service.js';
import * as repo from './job-automations.repo.js';
import { invoiceSendHandlers } from './job-invoice-sends.js';
import {
  JOB_CLIENT_REMINDER,
  JOB_NOTIFICATION,
  JOB_STATUS_AUTOMATION,
  type NotificationPayload,
  type ReminderPayload,
  type StatusAutomationPayload,
} from './job-automations.kinds.js';

export type JobAutomationDeps = AutomationMailDeps & Pick<AppDeps, 'events'>;

const REMINDER_SUBJECT = 'Reminder: {jobType} on {startDate}';
const REMINDER_BODY =
  'Dear {clientName},\n\nThis is a reminder of your {jobType} with {companyName} on {startDate}.\n\nKind regards\n{companyName} {companyPhone}';

/**
 * The queue handlers of the workflow automations (docs/jobs-automations.md):
 * a status entry (generate the invoice, then queue its sends and the
 * notifications and move the job on, all with the entry's completion), the
 * invoice sends, the notifications and the client reminder.
 */
export function jobAutomationHandlers(deps: JobAutomationDeps): Record<string, QueueHandler> {
  const db = deps.database.db;
  const jobChanged = (companyId: string, id: string) =>
    deps.events.emit({ companyId, name: 'updateActiveJobs', ids: [id] });
  const note =
    (companyId: string, jobId: string, s: string) => (tx: Parameters<typeof repo.prependLog>[0]) =>
      repo.prependLog(tx, companyId, jobId, { s, d: new Date().toISOString() });

  const statusEntry: QueueHandler = {
    async run(job) {
      const payload = job.payload as unknown as StatusAutomationPayload;
      const entry = await loadEntry(deps, job.companyId, payload);
      if (!entry) return;
      const invoiceId = entry.status.autoGenerateInvoice
        ? await ensureInvoice(deps, entry)
        : entry.found.job.invoiceId;
      const now = new Date();
      const companyId = entry.company.id;
      let notified: string | null = null;
      return {
        write: async (tx) => {
          notified = (await recordEntry(tx, entry, invoiceId, now)).notificationId;
        },
        afterCommit() {
          wakeWorkers();
          jobChanged(companyId, payload.jobId);
          // The assignee's notification room, live on every process.
          if (notified)
            deps.events.emit({ companyId, name: 'notificationsChanged', ids: [notified] });
          if (invoiceId) deps.events.emit({ companyId, name: 'invoicesChanged', ids: [invoiceId] });
        },
      };
    },
    async failed(tx, job, error) {
      const p = job.payload as unknown as StatusAutomationPayload;
      if (!job.companyId) return;
      await note(job.companyId, p.jobId, `Automations of ${p.statusName} stopped: ${error}`)(tx);
      const companyId = job.companyId;
      return () => jobChanged(companyId, p.jobId);
    },
  };

  const notification: QueueHandler = {
    async run(job) {
      const p = job.payload as unknown as NotificationPayload;
      const company = await companyOf(deps, job.companyId);
      const f = await repo.findJobForAutomation(db, company.id, p.jobId);
      if (!f) return;
      const to = p.who === 'client' ? clientRecipients(f) : recipientsOf(f.assignee?.email ?? '');
      if (to.length === 0)
        throw new PermanentQueueError('The job has no assignee with an e-mail address');
      const { subject, text } = notificationText(company, f, p.statusName, p.subject, p.body);
      // The place in the hourly limit first: a mail over it waits before anything is printed.
      await withSendPlace(deps, company.id, async () => {
        const attachments: ReturnType<typeof pdfAttachment>[] = [];
        if (p.invoice && f.job.invoiceId) {
          try {
            const doc = await invoiceDocument(
              deps,
              company.id,
              f.job.invoiceId,
              p.invoiceTemplateId,
            );
            attachments.push(
              pdfAttachment(doc.fileName, await deps.pdf.print(doc.html, { company: company.id })),
            );
          } catch (e) {
            if (!(e instanceof HttpError && e.status === 404)) throw e;
          }
        }
        attachments.push(...(await templateAttachments(deps, company, f, p.templates)));
        await permanentOnBadData(() =>
          sendAsCompany(deps, company, {
            to,
            subject,
            text,
            html: textAsHtml(text),
            attachments,
            headers: { 'X-Fieldbook-Job': f.job.id, 'X-Fieldbook-Notification': p.who },
          }),
        );
      });
      return {
        write: note(company.id, f.job.id, `E-mail to the ${p.who} sent: ${subject}`),
        afterCommit: () => jobChanged(company.id, f.job.id),
      };
    },
    async failed(tx, job, error) {
      const p = job.payload as unknown as NotificationPayload;
      if (!job.companyId) return;
      await note(job.companyId, p.jobId, `E-mail to the ${p.who} not sent: ${error}`)(tx);
    },
  };

  const reminder: QueueHandler = {
    async run(job) {
      const p = job.payload as unknown as ReminderPayload;
      const company = await companyOf(deps, job.companyId);
      const f = await repo.findJobForAutomation(db, company.id, p.jobId);
      // Moved, or the reminder switched off, since it was queued: the new start gets its own.
      if (!f?.job.sendClientReminder || f.job.startDate.toISOString() !== p.startDate) return;
      const to = clientRecipients(f);
      const values = placeholderValues(company, f, f.job.status ?? '');
      const subject = oneLine(fillPlaceholders(REMINDER_SUBJECT, values));
      const text = fillPlaceholders(REMINDER_BODY, values).trim();
      await withSendPlace(deps, company.id, () =>
        permanentOnBadData(() =>
          sendAsCompany(deps, company, {
            to,
            subject,
            text,
            html: textAsHtml(text),
            headers: { 'X-Fieldbook-Job': f.job.id, 'X-Fieldbook-Reminder': p.startDate },
          }),
        ),
      );
      return {
        write: note(company.id, f.job.id, 'Reminder e-mailed to the client'),
        afterCommit: () => jobChanged(company.id, f.job.id),
      };
    },
    async failed(tx, job, error) {
      const p = job.payload as unknown as ReminderPayload;
      if (!job.companyId) return;
      await note(job.companyId, p.jobId, `Reminder not sent: ${error}`)(tx);
    },
  };

  return {
    [JOB_STATUS_AUTOMATION]: statusEntry,
    [JOB_NOTIFICATION]: notification,
    [JOB_CLIENT_REMINDER]: reminder,
    ...invoiceSendHandlers(deps),
  };
}
