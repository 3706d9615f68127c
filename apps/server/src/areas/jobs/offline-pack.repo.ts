import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { appointments, jobComments, users } from '../../db/schema/index.js';

/**
 * The newest `perJob` comments of each of the jobs, with their authors, in
 * one query: a lateral read per job along its (job, time) index, so a job's
 * 2,000 comments cost 20 rows.
 */
export async function latestComments(db: Tx, companyId: string, jobIds: string[], perJob: number) {
  if (jobIds.length === 0) return [];
  const latest = db
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
      and(eq(jobComments.companyId, companyId), eq(jobComments.appointmentId, appointments.id)),
    )
    .orderBy(desc(jobComments.createdAt), desc(jobComments.id))
    .limit(perJob)
    .as('latest');
  return db
    .select({
      jobId: appointments.id,
      id: latest.id,
      text: latest.text,
      userId: latest.userId,
      name: latest.name,
      surname: latest.surname,
      createdAt: latest.createdAt,
    })
    .from(appointments)
    .innerJoinLateral(latest, sql`true`)
    .where(and(eq(appointments.companyId, companyId), inArray(appointments.id, jobIds)))
    .orderBy(appointments.id, desc(latest.createdAt), desc(latest.id));
}
