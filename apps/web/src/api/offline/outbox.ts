import {
  applyJobPatch,
  combinePatches,
  diffJob,
  type JobPatch,
  type TAppointment,
  type TAppointmentSave,
  type TJobComment,
  type TJobSaved,
  type TTripSave,
} from '@fieldbook/core';
import { onlineManager } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import {
  offlineDb,
  updateEntry,
  type CommentEntry,
  type JobEntry,
  type OutboxEntry,
  type TripEntry,
  type UploadEntry,
} from './offline-db';
import { fileOf, keepLocalFile } from './local-files';
import { setOutboxSize } from './outbox-size';

/*
 * The outbox: changes kept on the phone in the order they were made, until
 * the server has them (sync.ts replays them). Each carries its own
 * Idempotency-Key, made here, so a request sent twice is applied once.
 */

const now = () => new Date().toISOString();
export const newKey = (): string => crypto.randomUUID();

/** The entries in the order they were made. */
export async function outboxEntries(): Promise<OutboxEntry[]> {
  return (await offlineDb()?.outbox.orderBy('seq').toArray()) ?? [];
}

let waitingJobs = new Set<string>();
let waitingEntries: OutboxEntry[] = [];
let watching: { unsubscribe(): void } | null = null;

/** Watches the outbox (for the banner, and so a job's new changes queue behind its waiting ones). */
export function watchOutbox(): void {
  // Anew for each user's database (the last one may have been closed or deleted).
  watching?.unsubscribe();
  setOutboxSize(0);
  waitingJobs = new Set();
  waitingEntries = [];
  watching = liveQuery(
    async () => (await offlineDb()?.outbox.orderBy('seq').toArray()) ?? [],
  ).subscribe({
    next: (entries) => {
      waitingJobs = new Set(entries.map((e) => e.jobId));
      waitingEntries = entries;
      setOutboxSize(entries.length);
    },
  });
}

/** Whether a change of job `jobId` goes to the outbox: offline, or behind that job's waiting changes. */
export function holdBack(jobId: string | null): boolean {
  return !onlineManager.isOnline() || (jobId !== null && waitingJobs.has(jobId));
}

/** The outbox as last read, in order (for screens drawn from kept jobs). */
export const waitingChanges = (): OutboxEntry[] => waitingEntries;

export { outboxSize, subscribeOutboxSize } from './outbox-size';

/** The job as the phone shows it: the newer of the server's copy and the changes' base, with them over it. */
export function jobWithPending(job: TAppointment, pending: OutboxEntry[]): TAppointment {
  const jobs = pending.filter((e): e is JobEntry => e.kind === 'job');
  const first = jobs[0];
  if (!first) return job;
  const patch = jobs.reduce<JobPatch>((p, e) => combinePatches(p, e.patch), {});
  const base = Date.parse(job.updatedAt) > Date.parse(first.base.updatedAt) ? job : first.base;
  return applyJobPatch(base, patch);
}

/**
 * Keeps a save of job `serverJob._id` (the editor's body) as a patch over the
 * job as the phone shows it. A change never sent yet takes the new fields in;
 * otherwise the patch waits behind it. Answers what a save answers.
 */
export async function queueJobSave(
  companyId: string,
  serverJob: TAppointment,
  body: TAppointmentSave,
): Promise<KeptSave> {
  const db = offlineDb();
  if (!db) throw new Error('Not signed in');
  await db.transaction('rw', db.outbox, async () => {
    const pending = await db.outbox.where('jobId').equals(serverJob._id).sortBy('seq');
    const jobs = pending.filter((e): e is JobEntry => e.kind === 'job');
    const last = jobs.at(-1);
    const view = jobWithPending(serverJob, jobs);
    const patch = diffJob(view, body as JobPatch);
    if (Object.keys(patch).length === 0) return;
    if (last && last.attempts === 0 && last.state === 'waiting' && last === pending.at(-1)) {
      await updateEntry(db, last.seq!, { patch: combinePatches(last.patch, patch) });
      return;
    }
    const entry: JobEntry = {
      kind: 'job',
      key: newKey(),
      companyId,
      jobId: serverJob._id,
      createdAt: now(),
      attempts: 0,
      state: 'waiting',
      base: view,
      patch,
    };
    await db.outbox.add(entry);
  });
  return {
    _id: serverJob._id,
    appointmentNumber: serverJob.appointmentNumber,
    appointmentTypeId: serverJob.appointmentTypeId,
    appointmentType: serverJob.appointmentType,
    updatedAt: serverJob.updatedAt,
    onPhone: true,
  };
}

/** The comments waiting on the phone, newest first, as the comment list shows them. */
export function pendingComments(pending: OutboxEntry[]): TJobComment[] {
  return pending
    .filter((e): e is CommentEntry => e.kind === 'comment')
    .map((e) => ({
      _id: `${WAITING_PREFIX}${e.key}`,
      text: e.text,
      userId: null,
      author: e.author,
      createdAt: e.createdAt,
    }))
    .reverse();
}

/** The id a waiting comment shows under (the list says it waits). */
export const WAITING_PREFIX = 'waiting:';

/** A save's answer; `onPhone` when it waits in the outbox. */
export type KeptSave = TJobSaved & { onPhone?: true };

/** Keeps a photo or signature and its upload; answers the local name for the job's values. */
export async function queueUpload(
  companyId: string,
  jobId: string,
  file: Blob,
  signature: boolean,
  key = newKey(),
): Promise<{ file: string }> {
  const kept = await fileOf(file, file instanceof File ? file.name : 'signature.png');
  const db = offlineDb();
  if (!db) throw new Error('Not signed in');
  // The blob and its upload together: a pass that empties the outbox forgets kept files.
  const id = await db.transaction('rw', db.files, db.outbox, async () => {
    const fileId = await keepLocalFile(kept);
    const entry: UploadEntry = {
      kind: 'upload',
      key,
      companyId,
      jobId,
      createdAt: now(),
      attempts: 0,
      state: 'waiting',
      fileId,
      signature,
    };
    await db.outbox.add(entry);
    return fileId;
  });
  return { file: id };
}

export async function queueComment(
  companyId: string,
  jobId: string,
  text: string,
  author: string,
  key = newKey(),
): Promise<void> {
  const entry: CommentEntry = {
    kind: 'comment',
    key,
    companyId,
    jobId,
    createdAt: now(),
    attempts: 0,
    state: 'waiting',
    text,
    author,
  };
  await offlineDb()!.outbox.add(entry);
}

/** The id a trip waiting on the phone is kept under in the outbox. */
export const TRIP_PREFIX = 'trip:';

/**
 * Keeps a trip for the log book (new or changed); answers it as the list shows it until sent.
 * The changes of one trip wait under one id, in order; a change to a trip whose earlier change
 * has not been tried yet replaces that one (the form sends the whole trip).
 */
export async function queueTrip(companyId: string, body: TTripSave, key = newKey()) {
  const db = offlineDb()!;
  const jobId = `${TRIP_PREFIX}${body._id ?? key}`;
  const entry: TripEntry = {
    kind: 'trip',
    key,
    companyId,
    jobId,
    createdAt: now(),
    attempts: 0,
    state: 'waiting',
    body,
  };
  await db.transaction('rw', db.outbox, async () => {
    const unsent = body._id
      ? (await db.outbox.where('jobId').equals(jobId).toArray()).find(
          (e): e is TripEntry => e.kind === 'trip' && e.state === 'waiting' && e.attempts === 0,
        )
      : undefined;
    if (unsent)
      await updateEntry(db, unsent.seq!, { body: { ...body, updatedAt: unsent.body.updatedAt } });
    else await db.outbox.add(entry);
  });
  return { ...body, _id: body._id ?? `${WAITING_PREFIX}${key}`, onPhone: true as const };
}

/** Drops an entry the technician gave up (a refused change, shown with Discard). */
export async function discardEntry(seq: number): Promise<void> {
  await offlineDb()?.outbox.delete(seq);
}
