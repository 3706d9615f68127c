import type { Tx } from '../../db/client.js';
import { isOwner, type Caller } from '../../platform/access.js';
import { jobView } from './job-access.js';
import * as typesRepo from './job-types.repo.js';
import * as repo from './jobs.repo.js';
import { queryFeedJobs, type FeedJob } from './feed-jobs.repo.js';

/**
 * The scheduled jobs of one member (theirs, or assigned to them) overlapping
 * [from, to), by start: what their private calendar feed lists. A job whose
 * place hides the assignee from the member is left out: listing it would tell
 * them who is assigned.
 */
export async function listFeedJobs(
  db: Tx,
  companyId: string,
  who: Caller & { userId: string },
  from: Date,
  to: Date,
): Promise<FeedJob[]> {
  const [rows, types, members] = await Promise.all([
    queryFeedJobs(db, companyId, who.userId, from, to),
    typesRepo.listTypes(db, companyId),
    repo.listMembers(db, companyId),
  ]);
  const byId = new Map(types.map((t) => [t.id, t]));
  const groupId = isOwner(who)
    ? null
    : (members.find((m) => m.userId === who.userId)?.groupId ?? null);
  const hides = new Map<string, boolean>();
  const out: FeedJob[] = [];
  for (const r of rows) {
    const { appointmentTypeId, hasSchedule, rawStatus, lastStatus, ...job } = r;
    const key = `${appointmentTypeId}\n${hasSchedule}\n${rawStatus ?? ''}\n${lastStatus ?? ''}`;
    let hide = hides.get(key);
    if (hide === undefined) {
      const t = byId.get(appointmentTypeId) ?? { statuses: [], components: [] };
      hide = jobView(t, { hasSchedule, status: rawStatus, lastStatus }, groupId).hideAssignee;
      hides.set(key, hide);
    }
    if (!hide) out.push(job);
  }
  return out;
}
