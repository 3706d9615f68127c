import Dexie, { type EntityTable, type UpdateSpec } from 'dexie';
import type { JobConflict, JobPatch, TAppointment, TTripSave } from '@fieldbook/core';
import { getSession, loggedOut, subscribeSession } from '../session-store';

/*
 * What the phone keeps while the network is gone (docs/offline.md): the
 * outbox of changes in the order they were made, the photos and signatures
 * they carry, and a few values (the query cache, when it was synced, which
 * server file a local one became). One database per user, deleted at sign-out.
 */

interface EntryBase {
  /** Order of making: the outbox is replayed by it. */
  seq?: number;
  /** The Idempotency-Key its request carries (the server applies a key once). */
  key: string;
  companyId: string;
  jobId: string;
  createdAt: string;
  /** Requests sent for it so far (a job change is merged only while none was). */
  attempts: number;
  /** waiting: to send; conflict: the technician chooses; failed: refused, shown on the job. */
  state: 'waiting' | 'conflict' | 'failed';
  message?: string;
}

/** A job's fields, status or form values: a patch over `base`, the job as the server had it. */
export interface JobEntry extends EntryBase {
  kind: 'job';
  base: TAppointment;
  patch: JobPatch;
  /** After a 409: the job as the server has it now, and the fields both changed. */
  theirs?: TAppointment;
  conflicts?: JobConflict[];
}

/** A photo or signature (its blob in `files`), uploaded before the change that names it. */
export interface UploadEntry extends EntryBase {
  kind: 'upload';
  fileId: string;
  signature: boolean;
}

export interface CommentEntry extends EntryBase {
  kind: 'comment';
  text: string;
  author: string;
}

/** A trip in the log book (its `jobId` is `trip:<key>`: trips wait for nothing but each other's order). */
export interface TripEntry extends EntryBase {
  kind: 'trip';
  body: TTripSave;
  /** Refused because the trip was changed (409) or deleted (404) elsewhere: Keep mine can send it over that. */
  stale?: boolean;
}

export type OutboxEntry = JobEntry | UploadEntry | CommentEntry | TripEntry;

export interface LocalFile {
  /** `local:<uuid>`, the reference the job's values hold until it is uploaded. */
  id: string;
  /** The bytes (kept as a buffer: some phones' IndexedDB cannot keep a Blob). */
  data: ArrayBuffer;
  type: string;
  name: string;
}

export interface KeptValue {
  key: string;
  value: unknown;
}

export type OfflineDb = Dexie & {
  outbox: EntityTable<OutboxEntry, 'seq'>;
  files: EntityTable<LocalFile, 'id'>;
  kv: EntityTable<KeptValue, 'key'>;
};

/** Changes fields of an entry (Dexie's update types know only the fields all kinds share). */
export function updateEntry(
  db: OfflineDb,
  seq: number,
  changes: Partial<JobEntry> | Partial<UploadEntry> | Partial<CommentEntry> | Partial<TripEntry>,
) {
  return db.outbox.update(seq, changes as UpdateSpec<OutboxEntry>);
}

const dbName = (userId: string) => `fieldbook-offline-${userId}`;

function open(userId: string): OfflineDb {
  const db = new Dexie(dbName(userId)) as OfflineDb;
  db.version(1).stores({ outbox: '++seq, jobId, companyId', files: 'id', kv: 'key' });
  return db;
}

let current: { userId: string; db: OfflineDb } | null = null;

/** The signed-in user's offline database, or null when signed out. */
export function offlineDb(): OfflineDb | null {
  const userId = getSession()?.user._id;
  if (!userId) return null;
  if (current?.userId !== userId) {
    current?.db.close();
    current = { userId, db: open(userId) };
  }
  return current!.db;
}

/** A kept value (undefined when none). */
export async function readKept<T>(key: string): Promise<T | undefined> {
  const row = await offlineDb()?.kv.get(key);
  return row?.value as T | undefined;
}

export async function keep(key: string, value: unknown): Promise<void> {
  await offlineDb()?.kv.put({ key, value });
}

const forgetListeners = new Set<() => void>();

/** Called after the offline data is deleted (the in-memory parts clear themselves). */
export function onForget(listener: () => void): () => void {
  forgetListeners.add(listener);
  return () => forgetListeners.delete(listener);
}

/** Deletes everything kept for `userId` (sign-out, a revoked session, access gone). */
export async function forgetOffline(userId: string): Promise<void> {
  if (current?.userId === userId) {
    current.db.close();
    current = null;
  }
  await Dexie.delete(dbName(userId));
  forgetListeners.forEach((l) => l());
}

/**
 * Forgets the kept answers of `userId` but keeps the changes that wait (a
 * session ended by the server, say by a password reset elsewhere: the
 * technician's work goes out at their next sign-in on this phone).
 */
export async function forgetAnswers(userId: string): Promise<void> {
  // Already deleted (Log out): not made again by opening it.
  if (current?.userId !== userId && !(await Dexie.exists(dbName(userId)))) return;
  const db = current?.userId === userId ? current.db : open(userId);
  try {
    await db.kv.filter((r) => r.key === 'queries' || r.key.startsWith('synced:')).delete();
  } finally {
    if (current?.userId === userId) {
      current.db.close();
      current = null;
    } else db.close();
    forgetListeners.forEach((l) => l());
  }
}

// A session that ends without Log out (a 401) forgets the answers, keeps the waiting changes;
// Log out deletes everything.
let lastUser = getSession()?.user._id ?? null;
subscribeSession(() => {
  const now = getSession()?.user._id ?? null;
  if (lastUser && lastUser !== now)
    void (loggedOut() ? forgetOffline(lastUser) : forgetAnswers(lastUser));
  lastUser = now;
});
