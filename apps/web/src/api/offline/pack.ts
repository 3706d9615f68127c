import type { TAppointment, TAppointmentType, TJobComment, TOfflinePack } from '@fieldbook/core';
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
  // The clients' contacts are the pack's (newest): a technician calls from them.
  for (const client of pack.clients) qc.setQueryData(jobKeys.client(cid, client._id), client);
  const types = mergedTypes(qc.getQueryData<TAppointmentType[]>(jobKeys.types(cid)), pack.types);
  if (types) qc.setQueryData(jobKeys.types(cid), types);
}

/**
 * The cached types with the pack's newer ones in (by id, a new one added), or
 * undefined when the pack has nothing newer: a type changed since the types were
 * read decides what is active on a board drawn offline.
 */
function mergedTypes(
  cached: TAppointmentType[] | undefined,
  packed: TAppointmentType[],
): TAppointmentType[] | undefined {
  if (!cached) return packed.length ? packed : undefined;
  const newer = packed.filter((t) => {
    const old = cached.find((c) => c._id === t._id);
    return !old || Date.parse(old.updatedAt) < Date.parse(t.updatedAt);
  });
  if (newer.length === 0) return undefined;
  const byId = new Map(newer.map((t) => [t._id, t]));
  const kept = cached.map((c) => byId.get(c._id) ?? c);
  return [...kept, ...newer.filter((t) => !cached.some((c) => c._id === t._id))];
}

/** When the week was last read from the server (ISO), if ever on this phone. */
export const lastSynced = (cid: string) => readKept<string>(syncedKey(cid));
