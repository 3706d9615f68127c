import type { TAppointment } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isOwner, type Caller } from '../../platform/access.js';
import { jobView } from './job-access.js';
import * as typesRepo from './job-types.repo.js';
import { presentJob } from './jobs.present.js';
import * as repo from './jobs.repo.js';

/** The company's types and members, when the caller has read them already. */
export interface PresentReads {
  types: typesRepo.TypeRow[];
  members: repo.MemberRow[];
}

/** The caller's group among the members (null for the owner, who reads the general flags). */
export function groupAmong(members: repo.MemberRow[], who: Caller): string | null {
  if (isOwner(who)) return null;
  return members.find((m) => m.userId === who.userId)?.groupId ?? null;
}

/**
 * Presents rows as the caller may see them (their group's permissions per
 * status): what `GET activeJobs/{id}`, the lists and the offline pack answer.
 */
export async function presentFor(
  db: Tx,
  companyId: string,
  who: Caller,
  rows: repo.JobWithClient[],
  known?: PresentReads,
): Promise<TAppointment[]> {
  if (rows.length === 0) return [];
  const [types, members] = known
    ? [known.types, known.members]
    : await Promise.all([typesRepo.listTypes(db, companyId), repo.listMembers(db, companyId)]);
  const byId = new Map(types.map((t) => [t.id, t]));
  const groupId = groupAmong(members, who);
  const names = new Map(
    members.map((m) => [m.userId, [m.name, m.surname].filter(Boolean).join(' ')]),
  );
  // One view per type and place: a list of a thousand jobs has few of them.
  const views = new Map<string, ReturnType<typeof jobView>>();
  return rows.map((r) => {
    const t = byId.get(r.job.appointmentTypeId);
    const key = `${r.job.appointmentTypeId}\n${r.job.hasSchedule}\n${r.job.status ?? ''}\n${r.job.lastStatus ?? ''}`;
    let view = views.get(key);
    if (!view) {
      view = jobView(t ?? { statuses: [], components: [] }, r.job, groupId);
      views.set(key, view);
    }
    return presentJob(r, { typeName: t?.name ?? '', view, names, owner: isOwner(who) });
  });
}
