import {
  DEFAULT_TIME_ZONE,
  OFFLINE_COMMENTS_PER_JOB,
  OFFLINE_DAYS,
  OFFLINE_MAX_JOBS,
  addDays,
  instantOfWallTime,
  ymdOfInstant,
  type TJobComment,
  type TOfflineClient,
  type TOfflinePack,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { may, userOf, type Caller } from '../../platform/access.js';
import { listClientContacts } from '../clients/index.js';
import { getCompany, listGroups } from '../companies/index.js';
import { jobView } from './job-access.js';
import * as typesRepo from './job-types.repo.js';
import { presentTypes } from './job-types.present.js';
import { groupAmong, presentFor } from './jobs.present-for.js';
import * as repo from './jobs.repo.js';
import { latestComments } from './offline-pack.repo.js';

/** The start of a company day (its midnight) as an instant. */
function midnight(ymd: string, zone: string): Date {
  return new Date(instantOfWallTime(`${ymd}T00:00`, zone) ?? `${ymd}T00:00:00Z`);
}

/** From the start of today to the end of the OFFLINE_DAYS-th day after it, on the company's clock. */
export function offlineWindow(now: Date, zone: string): { from: Date; to: Date } {
  const today = ymdOfInstant(now, zone);
  return { from: midnight(today, zone), to: midnight(addDays(today, OFFLINE_DAYS + 1), zone) };
}

/**
 * What a phone keeps of the member's week (docs/offline.md, DECISIONS §18):
 * their jobs in the window and every unscheduled one of theirs, soonest first
 * (scheduled before unscheduled), each as `GET activeJobs/{id}` presents it to
 * them; those jobs' types as `GET /types` answers them; their clients only
 * with clients r; the newest comments of each job whose comments they may
 * read. A fixed number of queries whatever the number of jobs.
 */
export async function offlinePack(
  db: Tx,
  companyId: string,
  who: Caller,
  now = new Date(),
): Promise<TOfflinePack> {
  const company = await getCompany(db, companyId);
  const { from, to } = offlineWindow(now, company?.timeZone ?? DEFAULT_TIME_ZONE);
  const [rows, types, members, groups] = await Promise.all([
    repo.listForMember(db, companyId, userOf(who), from, to, OFFLINE_MAX_JOBS + 1),
    typesRepo.listTypes(db, companyId),
    repo.listMembers(db, companyId),
    listGroups(db, companyId),
  ]);
  const kept = rows.slice(0, OFFLINE_MAX_JOBS);
  const groupId = groupAmong(members, who);
  const typeById = new Map(types.map((t) => [t.id, t]));
  const readable = kept
    .filter((r) => {
      const t = typeById.get(r.job.appointmentTypeId) ?? { statuses: [], components: [] };
      return !jobView(t, r.job, groupId).hideComments;
    })
    .map((r) => r.job.id);
  const clientIds = may(who, 'clients', 'r')
    ? [...new Set(kept.map((r) => r.job.entityId).filter((id): id is string => !!id))]
    : [];
  const [jobs, commentRows, clientRows] = await Promise.all([
    presentFor(db, companyId, who, kept, { types, members }),
    latestComments(db, companyId, readable, OFFLINE_COMMENTS_PER_JOB),
    listClientContacts(db, companyId, clientIds),
  ]);

  const comments: Record<string, TJobComment[]> = Object.fromEntries(
    readable.map((id) => [id, []]),
  );
  for (const c of commentRows)
    comments[c.jobId]?.push({
      _id: c.id,
      text: c.text,
      userId: c.userId,
      author: [c.name, c.surname].filter(Boolean).join(' '),
      createdAt: c.createdAt.toISOString(),
    });
  const usedTypes = new Set(kept.map((r) => r.job.appointmentTypeId));
  const clients: TOfflineClient[] = clientRows.map((c) => ({
    _id: c.id,
    name: c.name,
    surname: c.surname,
    email: c.email,
    phone: c.phone,
    contactNumber: c.contactNumber,
    address: c.address,
  }));
  return {
    syncedAt: now.toISOString(),
    from: from.toISOString(),
    to: to.toISOString(),
    jobs,
    types: presentTypes(
      types.filter((t) => usedTypes.has(t.id)),
      new Set(groups.map((g) => g.id)),
    ),
    clients,
    comments,
    truncated: rows.length > OFFLINE_MAX_JOBS,
  };
}
