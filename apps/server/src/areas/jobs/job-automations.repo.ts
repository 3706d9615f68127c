import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { TLogEntry } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import {
  appointmentTypes,
  appointments,
  clients,
  companies,
  companyMembers,
  users,
} from '../../db/schema/index.js';

/**
 * The automation runner's own queries on jobs (appointments) and their
 * types. Saving jobs and types is the jobs service's; these only read, set
 * the generated invoice once, move a job along a link, and keep the log.
 */

export type JobRow = typeof appointments.$inferSelect;

export interface JobForAutomation {
  job: JobRow;
  typeName: string;
  statuses: (typeof appointmentTypes.$inferSelect)['statuses'];
  client: { name: string; surname: string; email: string } | null;
  /** The assignee while a member of the company who is not disabled. */
  assignee: { name: string; surname: string; email: string } | null;
}

/** The job with its type's workflow, its client and its assignee; null when gone. */
export async function findJobForAutomation(
  db: Tx,
  companyId: string,
  jobId: string,
): Promise<JobForAutomation | null> {
  const [row] = await db
    .select({
      job: appointments,
      typeName: appointmentTypes.name,
      statuses: appointmentTypes.statuses,
      clientName: clients.name,
      clientSurname: clients.surname,
      clientEmail: clients.email,
      userName: users.name,
      userSurname: users.surname,
      userEmail: users.email,
      memberDisabled: companyMembers.disabled,
    })
    .from(appointments)
    .innerJoin(
      appointmentTypes,
      and(
        eq(appointmentTypes.id, appointments.appointmentTypeId),
        eq(appointmentTypes.companyId, companyId),
      ),
    )
    .leftJoin(clients, and(eq(clients.id, appointments.entityId), eq(clients.companyId, companyId)))
    .leftJoin(
      companyMembers,
      and(eq(companyMembers.userId, appointments.userId), eq(companyMembers.companyId, companyId)),
    )
    .leftJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, jobId)));
  if (!row) return null;
  return {
    job: row.job,
    typeName: row.typeName,
    statuses: row.statuses,
    client:
      row.clientName === null
        ? null
        : { name: row.clientName, surname: row.clientSurname!, email: row.clientEmail! },
    assignee:
      row.userEmail === null || row.memberDisabled
        ? null
        : { name: row.userName!, surname: row.userSurname!, email: row.userEmail },
  };
}

/**
 * The job's invoice and place, its row locked for the rest of the transaction
 * unless `lock` is false; null when it is gone.
 */
export async function lockJob(tx: Tx, companyId: string, jobId: string, lock = true) {
  const q = tx
    .select({
      id: appointments.id,
      invoiceId: appointments.invoiceId,
      status: appointments.status,
      statusEntries: appointments.statusEntries,
    })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, jobId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Records the job's generated invoice unless it has one already; answers whether it did. */
export async function setInvoiceIfNone(
  tx: Tx,
  companyId: string,
  jobId: string,
  invoiceId: string,
): Promise<boolean> {
  const rows = await tx
    .update(appointments)
    .set({ invoiceId })
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.id, jobId),
        isNull(appointments.invoiceId),
      ),
    )
    .returning({ id: appointments.id });
  return rows.length > 0;
}

/** The newest log entries a job keeps (as a save keeps them, job-save.ts). */
export const LOG_LIMIT = 200;

/** One more entry at the top of the job's log (newest first); the newest LOG_LIMIT are kept. */
export async function prependLog(
  tx: Tx,
  companyId: string,
  jobId: string,
  entry: TLogEntry,
): Promise<void> {
  const log = sql`${JSON.stringify([entry])}::jsonb || ${appointments.log}`;
  await tx
    .update(appointments)
    .set({
      log: sql`(select coalesce(jsonb_agg(e order by i), '[]'::jsonb)
        from jsonb_array_elements(${log}) with ordinality as t(e, i) where i <= ${LOG_LIMIT})`,
    })
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, jobId)));
}

export interface ReminderCandidate {
  companyId: string;
  jobId: string;
  startDate: Date;
}

/**
 * Jobs of every company that asked for a client reminder, start tomorrow in
 * their company's zone, and were not reminded for that start yet.
 * Deliberately not scoped to a company: the reminder timer sweeps the whole
 * platform; each reminder job then works inside its own company.
 */
export async function unsafeListReminderCandidates(db: Tx): Promise<ReminderCandidate[]> {
  const local = sql`(${appointments.startDate} at time zone ${companies.timeZone})::date`;
  const tomorrow = sql`((now() at time zone ${companies.timeZone})::date + 1)`;
  return db
    .select({
      companyId: appointments.companyId,
      jobId: appointments.id,
      startDate: appointments.startDate,
    })
    .from(appointments)
    .innerJoin(companies, eq(companies.id, appointments.companyId))
    .where(
      and(
        eq(appointments.sendClientReminder, true),
        // A window the start-date index can use; the zone's exact tomorrow is checked below.
        gt(appointments.startDate, sql`now()`),
        lt(appointments.startDate, sql`now() + interval '3 days'`),
        sql`${local} = ${tomorrow}`,
        or(
          isNull(appointments.reminderSentFor),
          sql`${appointments.reminderSentFor} <> ${appointments.startDate}`,
        ),
      ),
    )
    .limit(5000);
}

/**
 * Records that the reminder for the job's start `startDate` is queued, only
 * while the job still starts then and was not reminded for it; answers
 * whether it did.
 */
export async function markReminderQueued(
  tx: Tx,
  companyId: string,
  jobId: string,
  startDate: Date,
): Promise<boolean> {
  const rows = await tx
    .update(appointments)
    .set({ reminderSentFor: startDate })
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.id, jobId),
        eq(appointments.startDate, startDate),
        eq(appointments.sendClientReminder, true),
        or(
          isNull(appointments.reminderSentFor),
          sql`${appointments.reminderSentFor} <> ${appointments.startDate}`,
        ),
      ),
    )
    .returning({ id: appointments.id });
  return rows.length > 0;
}
