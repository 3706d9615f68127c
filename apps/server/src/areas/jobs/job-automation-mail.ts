import {
  formatDate,
  formatMoney,
  formatTime,
  fillPlaceholders,
  type JobPlaceholder,
  type TTemplateRef,
} from '@fieldbook/core';
import { PermanentQueueError } from '../../platform/queue.js';
import { HttpError } from '../../platform/errors.js';
import { CompanySmtpError } from '../../platform/mail.js';
import type { CompanyRow } from '../companies/index.js';
import {
  NoRecipientError,
  pdfAttachment,
  recipientsOf,
  sendWithinLimit,
  type MailDeps,
} from '../delivery/index.js';
import { jobDocumentById } from './job-document.service.js';
import type { JobForAutomation } from './job-automations.repo.js';

/** What sending an automation's mail uses. */
export type AutomationMailDeps = MailDeps;

/**
 * Takes a place in the company's hourly limit, or waits for the next hour
 * (delivery's rule), before `send` prints anything; a send that fails gives
 * the place back.
 */
export const withSendPlace = <T>(
  deps: AutomationMailDeps,
  companyId: string,
  send: () => Promise<T>,
): Promise<T> => sendWithinLimit(deps.config.sendsPerHour, deps.database.db, companyId, send);

/** Failures no retry can fix fail at once; SMTP and printing errors are retried. */
export async function permanentOnBadData<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof NoRecipientError) throw new PermanentQueueError(e.message);
    if (e instanceof CompanySmtpError && e.retry) throw e;
    if (e instanceof HttpError && e.status < 500) throw new PermanentQueueError(e.message);
    throw e;
  }
}

const fullName = (p: { name: string; surname: string } | null) =>
  p ? [p.name, p.surname].filter(Boolean).join(' ') : '';

function when(d: Date, allDay: boolean, tz: string) {
  return allDay ? formatDate(d, tz) : `${formatDate(d, tz)} ${formatTime(d, tz)}`;
}

/** The placeholder values of a job's mails (core's fillPlaceholders reads them). */
export function placeholderValues(
  company: CompanyRow,
  f: JobForAutomation,
  statusName: string,
): Record<JobPlaceholder, string> {
  const tz = company.timeZone;
  const { job } = f;
  return {
    jobNumber: job.appointmentNumber,
    jobType: f.typeName,
    status: statusName,
    fault: job.faultDescription,
    resolution: job.resolution,
    startDate: when(job.startDate, job.isAllDayEvent, tz),
    endDate: when(job.endDate, job.isAllDayEvent, tz),
    assignee: fullName(f.assignee),
    clientName: f.client?.name ?? job.to,
    clientSurname: f.client?.surname ?? '',
    companyName: company.companyName,
    companyPhone: company.phone,
  };
}

/**
 * The general templates printed for the job as PDF attachments. A template
 * withdrawn since the status was saved is left out rather than holding the mail.
 */
export async function templateAttachments(
  deps: AutomationMailDeps,
  company: CompanyRow,
  f: JobForAutomation | null,
  refs: TTemplateRef[],
) {
  if (!f || refs.length === 0) return [];
  const out = [];
  for (const ref of refs) {
    try {
      const doc = await jobDocumentById(deps, company.id, f.job.id, ref.id);
      out.push(
        pdfAttachment(doc.fileName, await deps.pdf.print(doc.html, { company: company.id })),
      );
    } catch (e) {
      if (!(e instanceof HttpError && e.status === 404)) throw e;
    }
  }
  return out;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Plain text as the HTML part of a mail: escaped, line breaks kept. */
export const textAsHtml = (text: string) =>
  `<div style="font-family:sans-serif;white-space:pre-wrap">${escapeHtml(text)}</div>`;

/** The job's client's addresses: the job's own `toEmail`, else the client's e-mail. */
export function clientRecipients(f: JobForAutomation): string[] {
  const to = recipientsOf(f.job.toEmail || f.client?.email || '');
  if (to.length === 0) throw new PermanentQueueError("The job's client has no e-mail address");
  return to;
}

/** The lines of a grouped invoice mail, one per invoice. */
export const invoiceLine = (number: string, total: number, url: string) =>
  `Invoice ${number}: ${formatMoney(total)}${url ? ` - ${url}` : ''}`;

/** Subject and body of a notification whose status left them empty. */
const DEFAULT_SUBJECT = '{jobType} {jobNumber}: {status}';
const DEFAULT_BODY = 'Job {jobNumber} ({jobType}) is now {status}.\n\n{companyName}';

/** One line of at most 200 characters (a mail's subject). */
export const oneLine = (s: string) =>
  s
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 200);

/** A status notification's subject and text, as the e-mail and the app show them. */
export function notificationText(
  company: CompanyRow,
  f: JobForAutomation,
  statusName: string,
  subject: string,
  body: string,
) {
  const values = placeholderValues(company, f, statusName);
  return {
    subject: oneLine(fillPlaceholders(subject || DEFAULT_SUBJECT, values)),
    text: fillPlaceholders(body || DEFAULT_BODY, values),
  };
}

export { fillPlaceholders };
