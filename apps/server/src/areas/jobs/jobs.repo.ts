import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  appointments,
  clients,
  companyMembers,
  jobComments,
  users,
} from '../../db/schema/index.js';

export type JobRow = typeof appointments.$inferSelect;
export type JobWrite = Omit<
  typeof appointments.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'publicKey'
>;

/** A job with what its answer shows of its client and how many comments it has. */
export interface JobWithClient {
  job: JobRow;
  clientName: string | null;
  clientSurname: string | null;
  clientPosition: JobRow['googlePosition'];
  commentCount: number;
}

const commentCount = sql<number>`(select count(*)::int from ${jobComments} where ${jobComments.appointmentId} = ${appointments.id})`;

function selectJobs(db: Tx) {
  return db
    .select({
      job: appointments,
      clientName: clients.name,
      clientSurname: clients.surname,
      clientPosition: clients.googlePosition,
      commentCount,
    })
    .from(appointments)
    .leftJoin(
      clients,
      and(eq(clients.id, appointments.entityId), eq(clients.companyId, appointments.companyId)),
    );
}

export async function findJob(
  db: Tx,
  companyId: string,
  id: string,
): Promise<JobWithClient | null> {
  const [r] = await selectJobs(db)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, id)))
    .limit(1);
  return r ?? null;
}

/** The job's row, locked until the transaction ends (saves of one job take turns). */
export async function lockJob(db: Tx, companyId: string, id: string): Promise<JobRow | null> {
  const [r] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, id)))
    .for('update')
    .limit(1);
  return r ?? null;
}

const order = [asc(appointments.startDate), asc(appointments.appointmentNumber)];

/** Jobs overlapping [from, to), and every unscheduled one; optionally of one type. */
export async function listRange(
  db: Tx,
  companyId: string,
  from: Date,
  to: Date,
  typeId: string | null,
): Promise<JobWithClient[]> {
  return selectJobs(db)
    .where(
      and(
        eq(appointments.companyId, companyId),
        typeId ? eq(appointments.appointmentTypeId, typeId) : undefined,
        or(
          eq(appointments.hasSchedule, false),
          and(lt(appointments.startDate, to), gt(appointments.endDate, from)),
          // A job that ends when it starts (or before) still shows on its day.
          and(lt(appointments.startDate, to), sql`${appointments.startDate} >= ${from}`),
        ),
      ),
    )
    .orderBy(...order);
}

/**
 * The member's jobs (their user or among the assignees) overlapping [from,
 * to), then their unscheduled ones; soonest first, at most `limit`.
 */
export async function listForMember(
  db: Tx,
  companyId: string,
  userId: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<JobWithClient[]> {
  return selectJobs(db)
    .where(
      and(
        eq(appointments.companyId, companyId),
        or(
          eq(appointments.userId, userId),
          sql`${appointments.assignedUsers} @> ${JSON.stringify([userId])}::jsonb`,
        ),
        or(
          eq(appointments.hasSchedule, false),
          and(lt(appointments.startDate, to), gt(appointments.endDate, from)),
          and(lt(appointments.startDate, to), sql`${appointments.startDate} >= ${from}`),
        ),
      ),
    )
    .orderBy(desc(appointments.hasSchedule), ...order)
    .limit(limit);
}

/** Every job of one client, newest first (the client page). */
export async function listForClient(db: Tx, companyId: string, entityId: string) {
  return selectJobs(db)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.entityId, entityId)))
    .orderBy(desc(appointments.startDate), desc(appointments.appointmentNumber));
}

/** Jobs whose status is not final or hidden (the `active` partial index). */
export async function listActive(db: Tx, companyId: string): Promise<JobWithClient[]> {
  return selectJobs(db)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.active, true)))
    .orderBy(asc(appointments.sortOrder), ...order);
}

export async function insertJob(db: Tx, companyId: string, v: JobWrite) {
  const [r] = await db
    .insert(appointments)
    .values({ ...v, companyId })
    .returning({ id: appointments.id });
  if (!r) throw new Error('insert returned nothing');
  return r.id;
}

export async function updateJob(db: Tx, companyId: string, id: string, v: Partial<JobWrite>) {
  await db
    .update(appointments)
    .set(v)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, id)));
}

export async function deleteJob(db: Tx, companyId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, id)))
    .returning({ id: appointments.id });
  return gone.length > 0;
}

/** Which of `ids` are jobs of the company (a set-based access check). */
export async function companyJobIds(db: Tx, companyId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), inArray(appointments.id, ids)));
  return rows.map((r) => r.id);
}

/** Sets each job's sortOrder in one statement. */
export async function setSortOrders(
  db: Tx,
  companyId: string,
  list: { id: string; sortOrder: number }[],
) {
  if (list.length === 0) return;
  const cases = sql.join(
    list.map((l) => sql`when ${l.id}::uuid then ${l.sortOrder}::int`),
    sql` `,
  );
  await db
    .update(appointments)
    .set({ sortOrder: sql`case ${appointments.id} ${cases} else ${appointments.sortOrder} end` })
    .where(
      and(
        eq(appointments.companyId, companyId),
        inArray(
          appointments.id,
          list.map((l) => l.id),
        ),
      ),
    );
}

/** The company's members with their names and groups (assignees, permissions). */
export async function listMembers(db: Tx, companyId: string) {
  return db
    .select({
      userId: companyMembers.userId,
      groupId: companyMembers.groupId,
      disabled: companyMembers.disabled,
      name: users.name,
      surname: users.surname,
      email: users.email,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(eq(companyMembers.companyId, companyId));
}
export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** One page of a job's comments, newest first, with the author's name. */
export async function listComments(
  db: Tx,
  companyId: string,
  jobId: string,
  before: Date | null,
  limit: number,
) {
  return db
    .select({
      id: jobComments.id,
      text: jobComments.text,
      userId: jobComments.userId,
      name: users.name,
      surname: users.surname,
      createdAt: jobComments.createdAt,
    })
    .from(jobComments)
    .leftJoin(users, eq(users.id, jobComments.userId))
    .where(
      and(
        eq(jobComments.companyId, companyId),
        eq(jobComments.appointmentId, jobId),
        before ? lt(jobComments.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(jobComments.createdAt), desc(jobComments.id))
    .limit(limit);
}

export async function countComments(db: Tx, companyId: string, jobId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobComments)
    .where(and(eq(jobComments.companyId, companyId), eq(jobComments.appointmentId, jobId)));
  return Number(r?.n ?? 0);
}

export async function insertComment(
  db: Tx,
  companyId: string,
  v: { appointmentId: string; userId: string; text: string },
) {
  const [r] = await db
    .insert(jobComments)
    .values({ ...v, companyId })
    .returning({ id: jobComments.id });
  if (!r) throw new Error('insert returned nothing');
  return r.id;
}

/** Every job's export columns, by number. */
export async function exportRows(db: Tx, companyId: string) {
  return db
    .select({
      appointmentNumber: appointments.appointmentNumber,
      createdAt: appointments.createdAt,
      status: appointments.status,
      hasSchedule: appointments.hasSchedule,
      log: appointments.log,
      faultDescription: appointments.faultDescription,
      resolution: appointments.resolution,
    })
    .from(appointments)
    .where(eq(appointments.companyId, companyId))
    .orderBy(asc(appointments.appointmentNumber));
}

/** The job's id and key pairs of the company (the public link compares keys in constant time). */
export async function findByPublicKey(db: Tx, companyId: string, key: string) {
  const [r] = await db
    .select({ id: appointments.id, publicKey: appointments.publicKey })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.publicKey, key)))
    .limit(1);
  return r ?? null;
}

/** Links the job to the invoice generated from it (automations). */
export async function setJobInvoice(db: Tx, companyId: string, jobId: string, invoiceId: string) {
  await db
    .update(appointments)
    .set({
      invoiceId,
      updatedAt: sql`greatest(now(), ${appointments.updatedAt} + interval '1 millisecond')`,
    })
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, jobId)));
}
