import {
  MAX_AUTO_MOVES,
  ZInvoiceSave,
  addDays,
  nextSendBoundary,
  todayIn,
  type TStatus,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { PermanentQueueError, enqueueMany, type NewQueueJob } from '../../platform/queue.js';
import { getCompany, type CompanyRow } from '../companies/index.js';
import { findInvoice, markInvoicesQueued, writeInvoice } from '../invoices/index.js';
import { recordNotification, wantsEmail } from '../notifications/index.js';
import { notificationText } from './job-automation-mail.js';
import { moveJobTo } from './job-save.js';
import * as repo from './job-automations.repo.js';
import * as typesRepo from './job-types.repo.js';
import {
  JOB_INVOICE_EMAIL,
  JOB_INVOICE_GATHERED,
  JOB_INVOICE_GROUP,
  JOB_NOTIFICATION,
  type GatheredPayload,
  type GroupPayload,
  type InvoiceEmailPayload,
  type NotificationPayload,
  type StatusAutomationPayload,
} from './job-automations.kinds.js';

/** Days from the invoice date to the due date of a generated invoice (the invoice editor's default). */
export const GENERATED_DUE_DAYS = 7;
/** A gathered invoice left behind by its group goes alone this long after the boundary. */
const GROUP_GRACE_MS = 24 * 3600_000;

export type AutomationDeps = Pick<AppDeps, 'database' | 'config'>;

/** The job and status an entry's automations act on; null when there is nothing to do. */
export interface Entry {
  company: CompanyRow;
  found: repo.JobForAutomation;
  status: TStatus;
  payload: StatusAutomationPayload;
}

export async function companyOf(deps: AutomationDeps, companyId: string | null) {
  const company = companyId ? await getCompany(deps.database.db, companyId) : null;
  if (!company) throw new PermanentQueueError('The company no longer exists');
  return company;
}

/**
 * The job and the status it entered (by id; by name when the type was saved
 * with new ids since). A deleted job or status has nothing left to run.
 * The job may have left the status since: the entry happened, so it still runs.
 */
export async function loadEntry(
  deps: AutomationDeps,
  companyId: string | null,
  payload: StatusAutomationPayload,
): Promise<Entry | null> {
  const company = await companyOf(deps, companyId);
  const found = await repo.findJobForAutomation(deps.database.db, company.id, payload.jobId);
  if (!found) return null;
  const status =
    found.statuses.find((s) => s.id === payload.statusId) ??
    found.statuses.find((s) => s.name === payload.statusName);
  return status ? { company, found, status, payload } : null;
}

/** The invoice a generated invoice is saved as: the job's lines and discount for its client. */
function invoiceInput(e: Entry) {
  const { job, client } = e.found;
  const today = todayIn(e.company.timeZone);
  const parsed = ZInvoiceSave.safeParse({
    invoiceDate: today,
    dueDate: addDays(today, GENERATED_DUE_DAYS),
    entityId: job.entityId,
    to: job.to || [client?.name, client?.surname].filter(Boolean).join(' '),
    toEmail: job.toEmail || client?.email || '',
    // The job's own save handled "save to the price list"; the invoice only copies the lines.
    descriptions: job.lineItems.map(({ save: _s, saveClientPrice: _c, ...line }) => line),
    discount: job.discount,
    appointmentId: job.id,
    ...(e.status.autoSendInvoiceTemplate && {
      invoiceTemplateId: e.status.autoSendInvoiceTemplate,
    }),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new PermanentQueueError(
      `The invoice could not be made: ${issue.path.join('.') || 'invoice'} ${issue.message}`,
    );
  }
  return parsed.data;
}

/**
 * The job's invoice: the one it has, or one generated now from its lines, at
 * most once per job (the row lock, then `invoice_id` set only where empty,
 * in the transaction that writes the invoice). A job without a client or
 * without lines fails for good; the failure is recorded in its log by the job's `failed`.
 */
export async function ensureInvoice(deps: AutomationDeps, e: Entry): Promise<string | null> {
  const db = deps.database.db;
  const { company, found } = e;
  if (found.job.invoiceId) return found.job.invoiceId;
  if (!found.job.entityId || !found.client)
    throw new PermanentQueueError('The job has no client, so no invoice was generated');
  // An empty invoice e-mailed to a client is worse than none (a new user's R0.00 invoice).
  if (found.job.lineItems.length === 0)
    throw new PermanentQueueError('The job has no lines, so no invoice was generated');
  const input = invoiceInput(e);
  try {
    return await db.transaction(async (tx) => {
      const locked = await repo.lockJob(tx, company.id, found.job.id);
      if (!locked) return null;
      if (locked.invoiceId) return locked.invoiceId;
      // A job's lines are not checked against the ledger: an unknown account is dropped.
      const { id } = await writeInvoice(tx, company, null, input, { dropUnknownAccounts: true });
      await repo.setInvoiceIfNone(tx, company.id, found.job.id, id);
      const row = await findInvoice(tx, company.id, id);
      await repo.prependLog(tx, company.id, found.job.id, {
        s: `Invoice ${row?.invoiceNumber ?? ''} generated`.replace(/\s+/g, ' '),
        d: new Date().toISOString(),
      });
      return id;
    });
  } catch (err) {
    // A refused invoice (a template withdrawn, a total too large) will be refused again.
    if (err instanceof HttpError && err.status < 500) throw new PermanentQueueError(err.message);
    throw err;
  }
}

/** The sends of the job's invoice the status asks for, as queue jobs. */
function invoiceSends(e: Entry, invoiceId: string, now: Date): NewQueueJob[] {
  const { status, company, found, payload } = e;
  const base: InvoiceEmailPayload = {
    jobId: found.job.id,
    invoiceId,
    templates: status.autoSendInvoiceClientIncludeTemplates,
  };
  const freq = status.autoSendInvoiceClientFrequency;
  const boundary = nextSendBoundary(freq, now, company.timeZone);
  if (!boundary)
    return [
      {
        kind: JOB_INVOICE_EMAIL,
        companyId: company.id,
        payload: { ...base },
        dedupeKey: `job-invoice-email:${found.job.id}:${payload.entry}`,
      },
    ];
  const clientId = found.job.entityId;
  base.gathered = true;
  if (status.autoGroupInvoiceClient && clientId) {
    const group = `${clientId}:${freq}:${boundary.period}`;
    const member: GatheredPayload = { ...base, group };
    const collector: GroupPayload = { clientId, group };
    return [
      {
        kind: JOB_INVOICE_GROUP,
        companyId: company.id,
        payload: { ...collector },
        dedupeKey: `job-invoice-group:${group}`,
        runAt: boundary.at,
      },
      {
        kind: JOB_INVOICE_GATHERED,
        companyId: company.id,
        payload: { ...member },
        dedupeKey: `job-invoice-gathered:${invoiceId}:${freq}:${boundary.period}`,
        runAt: new Date(boundary.at.getTime() + GROUP_GRACE_MS),
      },
    ];
  }
  return [
    {
      kind: JOB_INVOICE_EMAIL,
      companyId: company.id,
      payload: { ...base },
      dedupeKey: `job-invoice-email:${invoiceId}:${freq}:${boundary.period}`,
      runAt: boundary.at,
    },
  ];
}

function notifications(e: Entry, assigneeMail: boolean): NewQueueJob[] {
  const { status, company, found, payload } = e;
  const who = [
    ...(status.sendNotification && assigneeMail ? (['assignee'] as const) : []),
    ...(status.sendNotificationClient ? (['client'] as const) : []),
  ];
  return who.map((w) => {
    const p: NotificationPayload = {
      jobId: found.job.id,
      statusName: status.name,
      who: w,
      subject: status.sendNotificationSubject,
      body: status.sendNotificationBody,
      invoice: status.sendNotificationInvoice,
      invoiceTemplateId: status.sendNotificationInvoiceTemplate ?? null,
      templates: status.sendNotificationTemplates,
    };
    return {
      kind: JOB_NOTIFICATION,
      companyId: company.id,
      payload: { ...p },
      dedupeKey: `job-notification:${found.job.id}:${payload.entry}:${w}`,
    };
  });
}

/** Thrown inside the move's savepoint to undo a move made from a later entry. */
class MovedSince extends Error {}

/**
 * The automatic move: through the jobs save (`moveJobTo`: along the links,
 * required fields, the log, `active`, and the next status's automations
 * queued under the new entry's key), in a savepoint, kept only when it was
 * made from this entry (nobody moved the job since). A refused move is
 * written in the log instead.
 */
async function moveOn(tx: Tx, e: Entry, to: string, now: Date): Promise<boolean> {
  const { company, found, payload } = e;
  // Not locked here: a save locks the types before the job, and so does moveJobTo.
  const before = await repo.lockJob(tx, company.id, found.job.id, false);
  if (before?.statusEntries !== payload.entry) return false;
  try {
    await tx.transaction(async (sp) => {
      await moveJobTo(sp, company.id, found.job.id, to, (payload.chain ?? 0) + 1);
      const after = await repo.lockJob(sp, company.id, found.job.id);
      if (after?.statusEntries !== payload.entry + 1) throw new MovedSince();
    });
    return true;
  } catch (err) {
    if (err instanceof MovedSince) return false;
    if (!(err instanceof HttpError && err.status < 500)) throw err;
    const why = err instanceof Error ? err.message : String(err);
    await repo.prependLog(tx, company.id, found.job.id, {
      s: `Automatic move to ${to} refused: ${why}`,
      d: now.toISOString(),
    });
    return false;
  }
}

export interface Recorded {
  /** Whether the job moved on (browsers then reload it). */
  moved: boolean;
  invoiceQueued: boolean;
  /** The assignee's new notification in the app, to push after commit. */
  notificationId: string | null;
}

/**
 * A status that notifies its assignee puts the notification in their room in
 * the app (once per entry), while they are an active member; the e-mail goes
 * too unless they switched it off. Answers the notification's id and whether
 * the e-mail goes.
 */
async function notifyAssignee(tx: Tx, e: Entry, now: Date) {
  const { status, company, found, payload } = e;
  const userId = found.job.userId;
  if (!status.sendNotification || !found.assignee || !userId)
    return { notificationId: null, mail: true };
  const { subject, text } = notificationText(
    company,
    found,
    status.name,
    status.sendNotificationSubject,
    status.sendNotificationBody,
  );
  const notificationId = await recordNotification(tx, {
    companyId: company.id,
    userId,
    kind: 'jobStatus',
    jobId: found.job.id,
    title: subject,
    body: text,
    dedupeKey: `job-status:${found.job.id}:${payload.entry}`,
  });
  const mail = await wantsEmail(tx, userId, 'jobStatus');
  if (!mail)
    await repo.prependLog(tx, company.id, found.job.id, {
      s: `Shown to the assignee in the app only (no e-mail, their choice): ${subject}`,
      d: now.toISOString(),
    });
  return { notificationId, mail };
}

/**
 * Everything the entry leaves behind, written in the transaction that marks
 * its automation job done: the sends and notifications as their own queue
 * jobs (each with a dedupe key of the entry), and the move to the status's
 * first next status with that status's own automations queued the way a
 * save queues them. Committing with the job's completion is what makes each
 * happen once per entry, also across a crash.
 */
export async function recordEntry(
  tx: Tx,
  e: Entry,
  invoiceId: string | null,
  now: Date,
): Promise<Recorded> {
  const { status, company, found } = e;
  // The types first, then the job's row (the log below, the move): the order of a job save
  // and of a type save's jobs, so an automatic move never deadlocks with a type save.
  await typesRepo.listTypes(tx, company.id, { share: true });
  const jobs: NewQueueJob[] = [];
  let invoiceQueued = false;
  if (status.autoSendInvoiceClient && invoiceId) {
    const sends = invoiceSends(e, invoiceId, now);
    jobs.push(...sends);
    // The row shows Sending... and a bulk send leaves it alone until this one went; a
    // gathered one waits so until its boundary, and a send by hand before it takes its place.
    await markInvoicesQueued(tx, company.id, [invoiceId]);
    invoiceQueued = true;
  } else if (status.autoSendInvoiceClient) {
    await repo.prependLog(tx, company.id, found.job.id, {
      s: 'No invoice to send: the job has none',
      d: now.toISOString(),
    });
  }
  const assignee = await notifyAssignee(tx, e, now);
  jobs.push(...notifications(e, assignee.mail));
  let moved = false;
  const target = status.autoMoveInvoiceClient
    ? found.statuses.find((s) => s.name === status.next[0])
    : undefined;
  if (target && (e.payload.chain ?? 0) >= MAX_AUTO_MOVES)
    // The second guard against a loop the graph check did not see (a type saved before it).
    await repo.prependLog(tx, company.id, found.job.id, {
      s: `Automatic move to ${target.name} stopped: ${MAX_AUTO_MOVES} automatic moves in a row (the workflow's automatic moves go round in a loop)`,
      d: now.toISOString(),
    });
  else if (target) moved = await moveOn(tx, e, target.name, now);
  await enqueueMany(tx, jobs);
  return { moved, invoiceQueued, notificationId: assignee.notificationId };
}
