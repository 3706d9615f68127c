import type { TAppointment, TJobComment, TOfflinePack } from '@fieldbook/core';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { jobKeys } from '../query-keys';
import { keep, readKept } from './offline-db';
import { networkWorked } from './offline-notice';

/*
 * The member's week (GET appointments/offline, docs/offline.md) put into the
 * cache, so each of their jobs opens offline with its form, type and newest
 * comments even if it was never opened online.
 */

const syncedKey = (cid: string) => `synced:${cid}`;

/** Reads the pack and fills the cache with what it has that the cache lacks or has older. */
export async function loadPack(qc: QueryClient, cid: string): Promise<TOfflinePack> {
  const pack = await apiGet<TOfflinePack>(
    `/companies/${encodeURIComponent(cid)}/appointments/offline`,
  );
  networkWorked();
  seedPack(qc, cid, pack);
  await keep(syncedKey(cid), pack.syncedAt);
  return pack;
}

export function seedPack(qc: QueryClient, cid: string, pack: TOfflinePack): void {
  // A job no longer the member's (unassigned, or hidden from them now) is not kept
  // unless a screen shows it: the phone holds the member's week, not everything once seen.
  const week = new Set(pack.jobs.map((j) => j._id));
  for (const q of qc.getQueryCache().findAll({ queryKey: jobKeys.ones(cid) }))
    if (!week.has(q.queryKey[4] as string) && q.getObserversCount() === 0)
      qc.removeQueries({ queryKey: q.queryKey, exact: true });
  for (const job of pack.jobs) {
    const old = qc.getQueryData<TAppointment>(jobKeys.one(cid, job._id));
    if (!old || Date.parse(old.updatedAt) < Date.parse(job.updatedAt))
      qc.setQueryData(jobKeys.one(cid, job._id), job);
    const comments = pack.comments[job._id];
    if (comments && !qc.getQueryData(jobKeys.commentPage(cid, job._id, false)))
      qc.setQueryData<{ comments: TJobComment[]; total: number }>(
        jobKeys.commentPage(cid, job._id, false),
        { comments: comments.slice(0, 2), total: job.commentCount },
      );
  }
  if (!qc.getQueryData(jobKeys.types(cid)) && pack.types.length)
    qc.setQueryData(jobKeys.types(cid), pack.types);
}

/** When the week was last read from the server (ISO), if ever on this phone. */
export const lastSynced = (cid: string) => readKept<string>(syncedKey(cid));
