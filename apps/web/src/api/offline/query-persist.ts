import {
  dehydrate,
  hydrate,
  onlineManager,
  type DehydratedState,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { can, type MemberAccess } from '@fieldbook/core';
import { ApiError } from '../api-client';
import { jobKeys } from '../query-keys';
import { keep, offlineDb, onForget, readKept } from './offline-db';

/*
 * The answers a technician's screens need without a network, kept on the
 * phone as last answered (docs/offline.md): their companies and their access,
 * the profile, the job types, job lists and jobs, the route base, the cars and
 * the log book. Written a
 * second after the cache changes and when the page is hidden; read back before
 * the signed-in screens start. Only what the server answered this member.
 */

const KEY = 'queries';
const KEPT_IN_COMPANY = new Set(['jobs', 'routeBase', 'vehicles']);

/** Whether an answer under `key` is kept for offline use. */
export function keptOffline(key: QueryKey): boolean {
  const [first, cid, area] = key;
  if (first === 'companies' || first === 'profile') return true;
  if (first !== 'company' || typeof cid !== 'string') return false;
  if (key.length === 2) return true; // the company and the member's access in it
  return typeof area === 'string' && KEPT_IN_COMPANY.has(area) && key[3] !== 'offline-pack';
}

/** A job in full, its newest comments or its client's contact (what the pack keeps of the week). */
const isWeekJob = (key: QueryKey) =>
  key[0] === 'company' &&
  key[2] === 'jobs' &&
  (key[3] === 'one' || key[3] === 'comments' || key[3] === 'client');

const isCompanyKey = (key: QueryKey): key is readonly ['company', string] =>
  key.length === 2 && key[0] === 'company' && typeof key[1] === 'string';

const refused = (e: unknown) => e instanceof ApiError && (e.status === 403 || e.status === 404);

/** The companies the cache holds answers of. */
function keptCompanies(qc: QueryClient): string[] {
  const ids = qc
    .getQueryCache()
    .getAll()
    .map((q) => q.queryKey)
    .filter((k) => k[0] === 'company' && typeof k[1] === 'string' && k[1] !== '')
    .map((k) => k[1] as string);
  return [...new Set(ids)];
}

/**
 * Forgets a company's answers; with `changes` (the member was removed: the
 * company is gone for them) its waiting changes too, which could never be sent.
 * A refusal (403: disabled, or a second factor now asked for) keeps the changes
 * for when access comes back. `own` false keeps the company's own answer (the
 * one refused: its observers would fetch it again at once).
 */
export async function forgetCompany(
  qc: QueryClient,
  cid: string,
  { changes = true, own = true }: { changes?: boolean; own?: boolean } = {},
): Promise<void> {
  qc.removeQueries({
    predicate: (q) =>
      q.queryKey[0] === 'company' && q.queryKey[1] === cid && (own || q.queryKey.length > 2),
  });
  if (changes) await offlineDb()?.outbox.where('companyId').equals(cid).delete();
}

/** Puts the kept answers back into the cache (before the first screen reads it). */
export async function restoreQueries(qc: QueryClient): Promise<void> {
  try {
    const state = await readKept<DehydratedState>(KEY);
    if (!state) return;
    // Online, the screens read their answers afresh (a kept access or board is not
    // shown first); only the week's jobs come back, for when the network goes.
    // Offline, everything comes back. Either way as old as can be: read again when online.
    const online = onlineManager.isOnline();
    state.queries = state.queries.filter((q) => !online || isWeekJob(q.queryKey));
    for (const q of state.queries) q.state.dataUpdatedAt = 0;
    hydrate(qc, state);
  } catch (e) {
    // A cache that cannot be read is only a slower start.
    console.error('The offline cache could not be read', e);
  }
}

/** Keeps the cache's offline answers from now on. */
export function persistQueries(qc: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let forgotten = false;
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    if (forgotten) return;
    const state = dehydrate(qc, {
      shouldDehydrateQuery: (q) => q.state.status === 'success' && keptOffline(q.queryKey),
    });
    void keep(KEY, state);
  };
  const soon = () => {
    if (!timer) timer = setTimeout(write, 1000);
  };
  const off = qc.getQueryCache().subscribe((event) => {
    const key = event.query.queryKey;
    if (event.type === 'removed' && keptOffline(key)) soon();
    if (event.type !== 'updated') return;
    const { action } = event;
    if (action.type === 'success' && keptOffline(key)) soon();
    // The member's access to a company is gone (removed, disabled): forget what it kept.
    if (action.type === 'error' && isCompanyKey(key) && refused(action.error))
      void forgetCompany(qc, key[1], {
        changes: (action.error as ApiError).status === 404,
        own: false,
      });
    // The member may no longer read jobs there: the jobs kept for it go.
    if (action.type === 'success' && isCompanyKey(key)) {
      const me = (action.data as { me?: MemberAccess } | undefined)?.me;
      if (me && !can(me, 'appointments', 'r')) qc.removeQueries({ queryKey: jobKeys.all(key[1]) });
    }
    if (action.type === 'success' && key[0] === 'companies' && Array.isArray(action.data)) {
      const listed = new Set((action.data as { _id: string }[]).map((c) => c._id));
      for (const cid of keptCompanies(qc)) if (!listed.has(cid)) void forgetCompany(qc, cid);
    }
  });
  const hidden = () => {
    if (document.visibilityState === 'hidden' && timer) write();
  };
  document.addEventListener('visibilitychange', hidden);
  const stop = onForget(() => {
    forgotten = true;
    clearTimeout(timer);
  });
  return () => {
    off();
    stop();
    document.removeEventListener('visibilitychange', hidden);
  };
}
