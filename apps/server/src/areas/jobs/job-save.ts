import {
  DEFAULT_DISCOUNT,
  JOB_DONE,
  hasEntryAutomation,
  isHidden,
  missingRequired,
  moveRefusal,
  newJobTimes,
  requiredRefusal,
  shownStatus,
  statusOf,
  todayIn,
  typeByName,
  type JobPlace,
  type TLine,
  type TLogEntry,
  type ZAppointmentSave,
} from '@fieldbook/core';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { isOwner, isUuid, may, systemCaller, type Caller } from '../../platform/access.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { enqueue } from '../../platform/queue.js';
import { findClientForCompany } from '../clients/index.js';
import { getCompany } from '../companies/index.js';
import { allocateNumber } from '../invoices/index.js';
import { emitWebhook } from '../webhooks/index.js';
import { guardLines, jobView, type ViewPlace } from './job-access.js';
import { checkValues, mergeValues } from './job-values.js';
import * as typesRepo from './job-types.repo.js';
import * as repo from './jobs.repo.js';

export type JobSaveBody = z.output<typeof ZAppointmentSave>;
export const STALE_JOB = 'This job was changed by someone else; reload it';
/** The newest log entries a job keeps. */
const LOG_LIMIT = 200;

/** Where the body puts the job (spec §4): a status name, Scheduled, or Unscheduled. */
export function targetPlace(
  body: JobSaveBody,
  old: JobPlace | null,
): { status: string | null; hasSchedule: boolean } {
  const s = body.status?.trim() || '';
  if (s === 'Unscheduled') return { status: null, hasSchedule: false };
  if (s === 'Scheduled') return { status: null, hasSchedule: true };
  if (s) return { status: s, hasSchedule: true };
  if (body.hasSchedule === true) return { status: null, hasSchedule: true };
  if (body.hasSchedule === false || !old) return { status: null, hasSchedule: false };
  return { status: old.status ?? null, hasSchedule: old.hasSchedule ?? false };
}

/** The body's lines, each with its price (400 naming the first line without one). */
function pricedLines(lines: JobSaveBody['lineItems']): TLine[] | undefined {
  if (!lines) return undefined;
  return lines.map((l, i) => {
    if (l.price === undefined) throw badField(`lineItems.${i}.price`, 'is required');
    return { ...l, price: l.price };
  });
}

export interface SavedJob {
  id: string;
  appointmentNumber: string;
  typeId: string;
  typeName: string;
  updatedAt: Date;
  /** The status entry's automations were queued: wake the workers after the commit. */
  queued: boolean;
}

/**
 * Create or update one job in the caller's transaction (spec §4, DECISIONS
 * §9, §12): a move only along the links, required fields before entering a
 * status, the member's permissions in the job's current status, assignees
 * who are active members, the company's client, no lost write.
 */
export async function writeJob(
  tx: Tx,
  companyId: string,
  /** The member saving, or the system caller (automations, recurring). */
  who: Caller,
  body: JobSaveBody,
  /** `chain`: the automatic moves in a row this save is the last of (moveJobTo). */
  opts: { chain?: number } = {},
): Promise<SavedJob> {
  const id = body._id || null;
  // The types first, then the job (see listTypes).
  const types = await typesRepo.listTypes(tx, companyId, { share: true });
  const old = id ? await repo.lockJob(tx, companyId, id) : null;
  if (id && !old) throw notFound('Job not found');
  if (old && body.updatedAt) {
    const seen = Date.parse(body.updatedAt);
    if (isNaN(seen)) throw badField('updatedAt', 'must be a date and time');
    if (old.updatedAt.getTime() > seen) throw new HttpError(409, STALE_JOB);
  }

  // The type by id; else by its name (spec §3), a name no type has being a 400 naming it.
  const named = !body.appointmentTypeId && body.appointmentType?.trim();
  const byName = named ? typeByName(types, named) : undefined;
  if (named && !byName) throw badField('appointmentType', 'is not a type of this company');
  const typeId = body.appointmentTypeId ?? byName?.id ?? old?.appointmentTypeId ?? types[0]?.id;
  const type = types.find((t) => t.id === typeId);
  if (!type) throw badField('appointmentTypeId', 'is not a type of this company');
  const oldType = old ? (types.find((t) => t.id === old.appointmentTypeId) ?? type) : type;

  const { userId } = who;
  const members = await repo.listMembers(tx, companyId);
  const groupId = isOwner(who) ? null : (members.find((m) => m.userId === userId)?.groupId ?? null);
  const from: JobPlace | null = old ? { status: old.status, hasSchedule: old.hasSchedule } : null;
  const here: ViewPlace | null = old ? { ...from!, lastStatus: old.lastStatus } : null;
  const to = targetPlace(body, from);
  // The job's current status decides (a new job: where it is created).
  const view = jobView(oldType, here ?? to, groupId);

  // A new type is entered from nowhere: Unscheduled, Scheduled or its first status, never a
  // status the old type had (the old type's links say nothing about the new one).
  const typeChanged = !!old && type.id !== oldType.id;
  const refusal = moveRefusal(type.statuses, typeChanged ? null : from, to);
  if (refusal) throw badField('status', refusal);

  // The schedule.
  const keepSchedule = !!old && view.lockSchedule;
  const times = newJobTimes(Date.now());
  const startDate = keepSchedule
    ? old.startDate
    : new Date(body.startDate ?? old?.startDate ?? times.startDate);
  const endDate = keepSchedule
    ? old.endDate
    : new Date(body.endDate ?? old?.endDate ?? times.endDate);
  if (endDate < startDate) throw badField('endDate', 'must not be before the start');

  // Who and for whom.
  const active = new Set(members.filter((m) => !m.disabled).map((m) => m.userId));
  let assignee = old?.userId ?? null;
  let assignedUsers = old?.assignedUsers ?? [];
  if (!(old && view.hideAssignee)) {
    assignee = body.userId === undefined ? assignee : body.userId;
    if (assignee && assignee !== old?.userId && !active.has(assignee))
      throw badField('userId', 'is not an active member of this company');
  }
  if (!(old && view.keepUsers) && body.assignedUsers) {
    const list = [...new Set(body.assignedUsers)];
    if (list.some((u) => !old?.assignedUsers.includes(u) && !active.has(u)))
      throw badField('assignedUsers', 'must be active members of this company');
    assignedUsers = list;
  }
  let entityId = old?.entityId ?? null;
  if (!(old && view.keepClient)) {
    entityId = body.entityId === undefined ? entityId : body.entityId;
    if (entityId && entityId !== old?.entityId) {
      const client = isUuid(entityId) ? await findClientForCompany(tx, companyId, entityId) : null;
      if (!client) throw badField('entityId', 'is not a client of this company');
    }
  }
  // The client's recipient (`to`, `toEmail`) is where automations mail invoices: it follows the
  // client component's lock, and changing it is a billing decision (invoices c or u).
  let recipient = { to: old?.to ?? '', toEmail: old?.toEmail ?? '' };
  if (!(old && view.keepClient)) {
    const mayBill = may(who, 'invoices', 'c') || may(who, 'invoices', 'u');
    for (const k of ['to', 'toEmail'] as const) {
      const v = body[k];
      if (v === undefined || v === recipient[k]) continue;
      if (!mayBill) throw badField(k, 'may be changed only by members who may edit invoices');
      recipient = { ...recipient, [k]: v };
    }
  }
  const keepItems = !!old && view.keepItems;
  const sent = keepItems ? undefined : pricedLines(body.lineItems);
  const lineItems = keepItems
    ? old.lineItems
    : sent
      ? guardLines(sent, old?.lineItems ?? [], view)
      : (old?.lineItems ?? []);
  const discount = keepItems ? old.discount : (body.discount ?? old?.discount ?? DEFAULT_DISCOUNT);

  const values = mergeValues(type.components, old?.values ?? {}, body.values, view);
  await checkValues(tx, companyId, type.components, old?.values ?? {}, values, view, old?.id);

  // Entering a status of the type: its required fields, the log, the entry count.
  // A type change alone is no entry: the same status name again must not re-run its automations.
  const entered = !from || shownStatus(from) !== shownStatus(to);
  const status = to.hasSchedule && to.status ? statusOf(type.statuses, to.status) : null;
  const commentCount = old ? await repo.countComments(tx, companyId, old.id) : 0;
  if (entered && status) {
    const missing = missingRequired(status, type.components, {
      entityId,
      invoiceId: old?.invoiceId ?? null,
      userId: assignee,
      assignedUsers,
      lineItems,
      values,
      commentCount,
    });
    if (missing.length) throw badField('status', requiredRefusal(status.name, missing));
  }
  const address = body.address ?? old?.address ?? '';
  const now = new Date();
  let log = old?.log ?? [];
  if (entered) {
    const entry: TLogEntry = {
      s: shownStatus(to),
      d: now.toISOString(),
      location: body.location ?? null,
      userId,
    };
    log = [entry, ...log].slice(0, LOG_LIMIT);
  }
  const statusEntries = (old?.statusEntries ?? 0) + (entered && status ? 1 : 0);

  const write: repo.JobWrite = {
    appointmentNumber: old?.appointmentNumber ?? '',
    appointmentTypeId: type.id,
    status: to.status,
    // Unscheduled and Scheduled keep the permissions of the status the job comes from.
    lastStatus: status ? status.name : type.id === oldType.id ? (view.status?.name ?? null) : null,
    hasSchedule: to.hasSchedule,
    active: !status || !isHidden(status),
    statusEntries,
    startDate,
    endDate,
    isAllDayEvent: keepSchedule
      ? old.isAllDayEvent
      : (body.isAllDayEvent ?? old?.isAllDayEvent ?? true),
    sendClientReminder: body.sendClientReminder ?? old?.sendClientReminder ?? false,
    priority: body.priority ?? old?.priority ?? '',
    userId: assignee,
    assignedUsers,
    entityId,
    faultDescription: body.faultDescription ?? old?.faultDescription ?? '',
    resolution: body.resolution ?? old?.resolution ?? '',
    lineItems,
    discount,
    to: recipient.to,
    toEmail: recipient.toEmail,
    address,
    // Only a job with its own address has its own position; else it is where its client is
    // (the answer's googlePosition, posted back, must not freeze the client's as the job's).
    googlePosition: address
      ? body.googlePosition !== undefined
        ? body.googlePosition
        : (old?.googlePosition ?? null)
      : null,
    values,
    log,
    // Never equal to the loaded one, so a save in the same millisecond is still seen as newer.
    updatedAt: old ? new Date(Math.max(now.getTime(), old.updatedAt.getTime() + 1)) : now,
  };

  let jobId: string;
  if (old) {
    jobId = old.id;
    await repo.updateJob(tx, companyId, old.id, write);
  } else {
    const company = await getCompany(tx, companyId);
    if (!company) throw notFound('Company not found');
    write.appointmentNumber = await allocateNumber(tx, company, 'job', todayIn(company.timeZone));
    write.createdBy = userId;
    jobId = await repo.insertJob(tx, companyId, write);
  }

  // Its webhook events (docs/webhooks.md), in the save's transaction.
  const event = {
    jobId,
    appointmentNumber: write.appointmentNumber,
    typeName: type.name,
    status: shownStatus(to),
    clientId: entityId,
  };
  if (!old) await emitWebhook(tx, companyId, 'job.created', event);
  else if (entered)
    await emitWebhook(tx, companyId, 'job.status_changed', { ...event, from: shownStatus(from!) });
  if (entered && to.status === JOB_DONE) await emitWebhook(tx, companyId, 'job.done', event);

  const queued = !!(entered && status && hasEntryAutomation(status));
  if (queued) {
    await enqueue(tx, {
      kind: 'job-status-automation',
      companyId,
      payload: {
        jobId,
        statusId: status.id,
        statusName: status.name,
        entry: statusEntries,
        ...(opts.chain ? { chain: opts.chain } : {}),
      },
      dedupeKey: `job-status:${jobId}:${statusEntries}`,
    });
  }
  return {
    id: jobId,
    appointmentNumber: write.appointmentNumber,
    typeId: type.id,
    typeName: type.name,
    updatedAt: write.updatedAt!,
    queued,
  };
}

/**
 * Moves a job to `status` (a status name, 'Scheduled' or 'Unscheduled') in
 * the caller's transaction with the rules of a save: along the links, with
 * its required fields, logged, counted as an entry and enqueuing that
 * status's automations (carrying `chain`, the automatic moves in a row so
 * far, this one included). Everything else stays. A refused move throws the
 * 400 a save would answer. The caller emits `updateActiveJobs` after commit.
 */
export async function moveJobTo(
  tx: Tx,
  companyId: string,
  jobId: string,
  status: string,
  chain = 0,
): Promise<SavedJob> {
  const row = await repo.findJob(tx, companyId, jobId);
  if (!row) throw notFound('Job not found');
  const j = row.job;
  return writeJob(
    tx,
    companyId,
    systemCaller(companyId),
    { _id: j.id, status, userId: j.userId, entityId: j.entityId },
    { chain },
  );
}

/** The date of the newest 'Job Done' entry of a log (spec §4: the cleared date). */
export function clearedDate(log: TLogEntry[]): string | null {
  return log.find((e) => e.s === JOB_DONE)?.d ?? null;
}
