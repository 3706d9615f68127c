import type { TTemplateRef } from '@fieldbook/core';

/** Queue kinds (the `queue_jobs.kind` column) of the workflow automations (docs/jobs-automations.md). */
export const JOB_STATUS_AUTOMATION = 'job-status-automation';
/** One job invoice to its client: at once, or at a gathered send's boundary. */
export const JOB_INVOICE_EMAIL = 'job-invoice-email';
/** One e-mail per client and period carrying every job invoice gathered for it. */
export const JOB_INVOICE_GROUP = 'job-invoice-group';
/** A job invoice waiting in a group; runs (alone) only if its group missed it. */
export const JOB_INVOICE_GATHERED = 'job-invoice-gathered';
export const JOB_NOTIFICATION = 'job-notification';
export const JOB_CLIENT_REMINDER = 'job-client-reminder';

/** What the jobs service enqueues when a job enters a status with automations. */
export interface StatusAutomationPayload {
  jobId: string;
  statusId: string;
  statusName: string;
  /** The job's `status_entries` after entering: the entry's number. */
  entry: number;
  /** Automatic moves in a row that led to this entry (absent: a person's or a recurring save). */
  chain?: number;
}

export interface InvoiceEmailPayload {
  jobId: string;
  invoiceId: string;
  /** General templates printed for the job and attached. */
  templates: TTemplateRef[];
  /**
   * Sent at a boundary (daily, weekly, monthly): the invoice shows Sending...
   * meanwhile, and a send by hand before the boundary takes its place.
   */
  gathered?: boolean;
}

export interface GatheredPayload extends InvoiceEmailPayload {
  /** The group's key: `<clientId>:<frequency>:<period>`. */
  group: string;
}

export interface GroupPayload {
  clientId: string;
  group: string;
}

/** The status's notification as it was when the job entered it. */
export interface NotificationPayload {
  jobId: string;
  statusName: string;
  who: 'assignee' | 'client';
  subject: string;
  body: string;
  invoice: boolean;
  invoiceTemplateId: string | null;
  templates: TTemplateRef[];
}

export interface ReminderPayload {
  jobId: string;
  /** The start (ISO instant) the reminder is for. */
  startDate: string;
}

/** The dedupe key of a status entry's automation job (the jobs service uses the same form). */
export const statusEntryKey = (jobId: string, entry: number) => `job-status:${jobId}:${entry}`;
