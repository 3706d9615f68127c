import {
  applyJobPatch,
  IDEMPOTENCY_HEADER,
  mergeJobChange,
  resolveJobMerge,
  type JobPatch,
  type TAppointment,
  type TComponentValue,
  type TJobSaved,
  type TTrip,
  type TTripSave,
} from '@fieldbook/core';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';
import { jobKeys, vehicleKeys } from '../query-keys';
import {
  keep,
  offlineDb,
  onForget,
  readKept,
  updateEntry,
  type JobEntry,
  type OfflineDb,
  type TripEntry,
  type OutboxEntry,
} from './offline-db';
import { isLocalFile, readLocalFile, markUploaded, uploadedId } from './local-files';
import { newKey } from './outbox';

/*
 * Replays the outbox in order when the network is there (docs/offline.md):
 * on start, on reconnect, after each change, and after a failed attempt with
 * a growing pause. One tab at a time (a Web Lock); a change sent twice anyway
 * is applied once by its key.
 */

const jobsPath = (cid: string) => `/companies/${encodeURIComponent(cid)}/appointments`;
const noticeKey = (jobId: string) => `notice:${jobId}`;

/** Attempts a change gets while the server answers 5xx before it is held as refused. */
const SERVER_FAILURES = 8;

/** The network is gone (or the server failed): the pass stops and is tried again later. */
class TryLater extends Error {}

const later = (e: unknown) =>
  e instanceof ApiError && (e.status === 0 || e.status >= 500 || e.status === 429);

let client: QueryClient | null = null;
let running: Promise<void> | null = null;
let again = false;
let pause = 1000;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Starts replaying: now, on every reconnect, and when asked (`syncSoon`). */
export function startSync(qc: QueryClient): void {
  if (client) return;
  client = qc;
  onForget(() => clearTimeout(timer));
  onlineManager.subscribe((online) => {
    if (online) syncSoon();
  });
  syncSoon();
}

/** Replays what waits, unless offline; a pass already running runs once more after. */
export function syncSoon(): Promise<void> {
  if (!onlineManager.isOnline()) return Promise.resolve();
  if (running) {
    again = true;
    return running;
  }
  clearTimeout(timer);
  running = (async () => {
    do {
      again = false;
      await withLock(pass);
    } while (again);
  })()
    .catch((e: unknown) => {
      // Signed out during a pass: what it was sending went with the session.
      if ((e as Error | undefined)?.name !== 'DatabaseClosedError') console.error('Sync failed', e);
    })
    .finally(() => (running = null));
  return running;
}

async function withLock(run: () => Promise<void>): Promise<void> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  if (locks) await locks.request('fieldbook-outbox', run);
  else await run();
}

async function pass(): Promise<void> {
  const db = offlineDb();
  if (!db) return;
  try {
    for (;;) {
      // Another user signed in meanwhile: this pass's database is not theirs.
      if (offlineDb() !== db) return;
      // Read and marked as sent in one transaction: a save made meanwhile is not
      // merged into the copy on its way (queueJobSave merges only unsent ones).
      const picked = await db.transaction('rw', db.outbox, async () => {
        const entries = await db.outbox.orderBy('seq').toArray();
        const next = nextToSend(entries);
        if (!next) return null;
        next.attempts += 1;
        await updateEntry(db, next.seq!, { attempts: next.attempts });
        return { next };
      });
      if (!picked) break;
      await send(db, picked.next);
    }
    pause = 1000;
    // Once nothing waits, the uploaded photos' bytes are no longer needed (which server
    // file each became is kept: a form may still name the local one).
    if ((await db.outbox.count()) === 0) await db.files.clear();
  } catch (e) {
    if (!(e instanceof TryLater)) throw e;
    timer = setTimeout(() => void syncSoon(), pause);
    pause = Math.min(pause * 2, 60_000);
  }
}

/** The first waiting entry whose job has no earlier entry held (a conflict or a refusal). */
export function nextToSend(entries: OutboxEntry[]): OutboxEntry | undefined {
  const held = new Set<string>();
  for (const e of entries) {
    if (held.has(e.jobId)) continue;
    if (e.state !== 'waiting') held.add(e.jobId);
    else return e;
  }
  return undefined;
}

function post<T>(path: string, key: string, options: { body?: unknown; form?: FormData }) {
  return apiRequest<T>('POST', path, { ...options, headers: { [IDEMPOTENCY_HEADER]: key } });
}

async function send(db: OfflineDb, e: OutboxEntry): Promise<void> {
  try {
    if (e.kind === 'upload') {
      const file = await readLocalFile(e.fileId);
      if (!file) return void (await fail(db, e, 'The photo was not kept on this phone'));
      const form = new FormData();
      if (e.signature) form.append('kind', 'signature');
      form.append('file', file.blob, file.name);
      const r = await post<{ file: string }>(`${jobsPath(e.companyId)}/${e.jobId}/images`, e.key, {
        form,
      });
      await markUploaded(e.fileId, r.file);
      await db.outbox.delete(e.seq!);
    } else if (e.kind === 'comment') {
      await post(`${jobsPath(e.companyId)}/${e.jobId}/comments`, e.key, { body: { text: e.text } });
      await db.outbox.delete(e.seq!);
    } else if (e.kind === 'trip') {
      await sendTrip(db, e);
      void client?.invalidateQueries({ queryKey: vehicleKeys.all(e.companyId) });
      return;
    } else await sendJob(db, e);
    void client?.invalidateQueries({ queryKey: jobKeys.all(e.companyId) });
  } catch (err) {
    // The server failing the same change again and again: held, so the others go on.
    if (err instanceof ApiError && err.status >= 500 && e.attempts >= SERVER_FAILURES)
      return fail(db, e, `The server could not take this change (${err.message})`);
    if (later(err)) throw new TryLater();
    if (!(err instanceof ApiError)) throw err;
    // Signed out by the server: the changes wait for this user's next sign-in.
    if (err.status === 401) throw new TryLater();
    if (e.kind === 'job') await refused(db, e, err);
    // Changed (409) or deleted (404 naming no field: a car or driver not found names one).
    else if (
      e.kind === 'trip' &&
      e.body._id &&
      (err.status === 409 || (err.status === 404 && !err.fields))
    )
      await updateEntry(db, e.seq!, {
        state: 'failed',
        message:
          err.status === 409
            ? 'Changed elsewhere meanwhile: keep yours over it, or discard yours'
            : 'Deleted elsewhere meanwhile: keep yours as a new trip, or discard it',
        stale: true,
      });
    else await fail(db, e, err.message);
  }
}

/** A trip; a later change of the same trip waiting on the phone then stands on what it made. */
async function sendTrip(db: OfflineDb, e: TripEntry): Promise<void> {
  const r = await post<TTrip>(`/companies/${encodeURIComponent(e.companyId)}/logBook`, e.key, {
    body: e.body,
  });
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.delete(e.seq!);
    for (const later of await db.outbox.where('jobId').equals(e.jobId).toArray())
      if (later.kind === 'trip' && later.seq! > e.seq!)
        await updateEntry(db, later.seq!, {
          body: { ...later.body, _id: r._id, updatedAt: r.updatedAt },
        });
  });
}

/** The patch with each local photo or signature replaced by its uploaded id. */
export async function uploadedRefs<P extends Pick<JobPatch, 'values'>>(
  patch: P,
): Promise<P | null> {
  if (!patch.values) return patch;
  const values: Record<string, TComponentValue> = {};
  for (const [prop, v] of Object.entries(patch.values)) {
    if (typeof v === 'string' && isLocalFile(v)) {
      const id = await uploadedId(v);
      if (!id) return null;
      values[prop] = id;
    } else if (Array.isArray(v)) {
      const ids: string[] = [];
      for (const f of v) {
        const id = isLocalFile(f) ? await uploadedId(f) : f;
        if (!id) return null;
        ids.push(id);
      }
      values[prop] = ids;
    } else values[prop] = v;
  }
  return { ...patch, values };
}

async function sendJob(db: OfflineDb, e: JobEntry): Promise<void> {
  const patch = await uploadedRefs(e.patch);
  if (!patch) return fail(db, e, 'A photo or signature of this change could not be uploaded');
  const r = await post<TJobSaved>(jobsPath(e.companyId), e.key, {
    body: { _id: e.jobId, updatedAt: e.base.updatedAt, ...patch },
  });
  // Later changes of the job now stand on what this one made.
  const after = { ...applyJobPatch(e.base, e.patch), updatedAt: r.updatedAt };
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.delete(e.seq!);
    // Read again: a change made while this one was on its way is among them.
    for (const later of await db.outbox.where('jobId').equals(e.jobId).toArray())
      if (later.kind === 'job' && later.seq! > e.seq!)
        await updateEntry(db, later.seq!, { base: after });
  });
}

/** A job change the server refused: stale (merge per field), a refused move (sent without it), or else held. */
async function refused(db: OfflineDb, e: JobEntry, err: ApiError): Promise<void> {
  if (err.status === 409) {
    let theirs: TAppointment;
    try {
      theirs = await apiRequest<TAppointment>(
        'GET',
        `${jobsPath(e.companyId)}/activeJobs/${encodeURIComponent(e.jobId)}`,
      );
    } catch (again) {
      if (later(again)) throw new TryLater();
      return fail(db, e, again instanceof Error ? again.message : String(again));
    }
    const merge = mergeJobChange(e.base, e.patch, theirs);
    if (merge.conflicts.length === 0) return rebase(db, e, theirs, merge.patch);
    await updateEntry(db, e.seq!, {
      state: 'conflict',
      theirs,
      conflicts: merge.conflicts,
      message: 'Someone else changed this job while you were offline',
    });
    return;
  }
  if (err.status === 400 && err.fields?.status && e.patch.status !== undefined) {
    const { status, hasSchedule: _moved, ...rest } = e.patch;
    await addNotice(e.jobId, `The move to '${status}' was not saved: ${err.fields.status}`);
    return rebase(db, e, e.base, rest);
  }
  return fail(db, e, err.message);
}

/** The entry again, over `base`, with a new key (its body changed); dropped when nothing is left. */
async function rebase(
  db: OfflineDb,
  e: JobEntry,
  base: TAppointment,
  patch: JobPatch,
): Promise<void> {
  if (Object.keys(patch).length === 0) return void (await db.outbox.delete(e.seq!));
  await updateEntry(db, e.seq!, {
    base,
    patch,
    key: newKey(),
    attempts: 0,
    state: 'waiting',
    theirs: undefined,
    conflicts: undefined,
    message: undefined,
  });
}

async function fail(db: OfflineDb, e: OutboxEntry, message: string): Promise<void> {
  await updateEntry(db, e.seq!, { state: 'failed', message });
}

/**
 * A trip edited on the phone that the office changed or deleted meanwhile: the
 * technician keeps theirs. It goes again over the office's version (its
 * updatedAt read now), or as a new trip when the office deleted it, with a new
 * key (the refused request's key keeps its answer).
 */
export async function keepMyTrip(seq: number): Promise<void> {
  const db = offlineDb();
  const e = await db?.outbox.get(seq);
  if (!db || !e || e.kind !== 'trip' || !e.stale || !e.body._id) return;
  const path = `/companies/${encodeURIComponent(e.companyId)}/logBook`;
  let body: TTripSave;
  try {
    const now = await apiRequest<TTrip>('GET', `${path}/${encodeURIComponent(e.body._id)}`);
    body = { ...e.body, updatedAt: now.updatedAt };
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) throw err;
    const { _id: _gone, updatedAt: _seen, ...rest } = e.body;
    body = rest;
  }
  // Once: a second click while this one read the trip finds it no longer held.
  const reset = await db.transaction('rw', db.outbox, async () => {
    const still = await db.outbox.get(seq);
    if (!still || still.kind !== 'trip' || !still.stale) return false;
    await updateEntry(db, seq, {
      body,
      key: newKey(),
      state: 'waiting',
      message: undefined,
      stale: undefined,
      attempts: 0,
    });
    return true;
  });
  if (reset) await syncSoon();
}

/** The technician's choice on a conflict: `keepMine` names the fields where their value goes. */
export async function resolveConflict(seq: number, keepMine: Set<string>): Promise<void> {
  const db = offlineDb();
  const e = await db?.outbox.get(seq);
  if (!e || e.kind !== 'job' || !e.theirs || !e.conflicts) return;
  const merge = mergeJobChange(e.base, e.patch, e.theirs);
  await rebase(db!, e, e.theirs, resolveJobMerge(merge, e.patch, keepMine));
  await syncSoon();
}

/** Messages about a job's changes (a refused move), shown on the job until dismissed. */
export async function jobNotices(jobId: string): Promise<string[]> {
  return (await readKept<string[]>(noticeKey(jobId))) ?? [];
}

async function addNotice(jobId: string, message: string) {
  await keep(noticeKey(jobId), [...(await jobNotices(jobId)), message]);
}

export async function dismissNotices(jobId: string) {
  await offlineDb()?.kv.delete(noticeKey(jobId));
}
