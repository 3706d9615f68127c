import { and, asc, eq, gt, gte, lt, or, sql } from 'drizzle-orm';
import { shownStatus } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { appointments as a, clients } from '../../db/schema/index.js';

/** What a calendar feed shows of one job (docs/scheduling.md, "Calendar feed"). */
export interface FeedJob {
  id: string;
  appointmentNumber: string;
  startDate: Date;
  endDate: Date;
  isAllDayEvent: boolean;
  /** As the board shows it: Unscheduled, Scheduled or the status name. */
  status: string;
  faultDescription: string;
  clientName: string;
  /** The job's own address, else its client's; '' when neither is known. */
  address: string;
  updatedAt: Date;
}

/** A feed row with where the job is, for the member's permissions (feed-jobs.ts). */
export interface FeedRow extends FeedJob {
  appointmentTypeId: string;
  hasSchedule: boolean;
  rawStatus: string | null;
  lastStatus: string | null;
}

/**
 * The scheduled jobs of one user (theirs, or assigned to them) overlapping
 * [from, to), by start: what their private calendar feed lists.
 */
export async function queryFeedJobs(
  db: Tx,
  companyId: string,
  userId: string,
  from: Date,
  to: Date,
): Promise<FeedRow[]> {
  const rows = await db
    .select({
      id: a.id,
      appointmentTypeId: a.appointmentTypeId,
      lastStatus: a.lastStatus,
      appointmentNumber: a.appointmentNumber,
      startDate: a.startDate,
      endDate: a.endDate,
      isAllDayEvent: a.isAllDayEvent,
      hasSchedule: a.hasSchedule,
      status: a.status,
      faultDescription: a.faultDescription,
      jobAddress: a.address,
      updatedAt: a.updatedAt,
      name: clients.name,
      surname: clients.surname,
      clientAddress: clients.address,
    })
    .from(a)
    .leftJoin(clients, and(eq(clients.id, a.entityId), eq(clients.companyId, a.companyId)))
    .where(
      and(
        eq(a.companyId, companyId),
        eq(a.hasSchedule, true),
        or(eq(a.userId, userId), sql`${a.assignedUsers} @> ${JSON.stringify([userId])}::jsonb`),
        lt(a.startDate, to),
        or(gt(a.endDate, from), gte(a.startDate, from)),
      ),
    )
    .orderBy(asc(a.startDate), asc(a.appointmentNumber))
    .limit(2000);
  return rows.map((r) => ({
    id: r.id,
    appointmentTypeId: r.appointmentTypeId,
    hasSchedule: r.hasSchedule,
    rawStatus: r.status,
    lastStatus: r.lastStatus,
    appointmentNumber: r.appointmentNumber,
    startDate: r.startDate,
    endDate: r.endDate,
    isAllDayEvent: r.isAllDayEvent,
    status: shownStatus({ hasSchedule: r.hasSchedule, status: r.status }),
    faultDescription: r.faultDescription,
    clientName: [r.name, r.surname].filter(Boolean).join(' '),
    address: r.jobAddress.trim() || (r.clientAddress ?? '').trim(),
    updatedAt: r.updatedAt,
  }));
}
