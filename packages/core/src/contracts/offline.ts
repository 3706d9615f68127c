import { z } from 'zod';
import { ZAppointment, ZAppointmentType, ZJobComment } from './jobs.js';

/*
 * Working offline (issue 24, DECISIONS §18, docs/offline.md): what a phone
 * keeps of a member's week, and the key that makes a replayed change apply once.
 */

/** The developer message of the specification (operations §8), logged once when the app goes offline. */
export const OFFLINE_MESSAGE = 'No internet connection found. App is running in offline mode.';

/** Days after today that a phone keeps a member's jobs for (today and the next 7). */
export const OFFLINE_DAYS = 7;

/** At most this many jobs in one pack (the member's, soonest first). */
export const OFFLINE_MAX_JOBS = 300;

/** Comments kept per job (the newest). */
export const OFFLINE_COMMENTS_PER_JOB = 20;

/** The request header that carries a change's key (IETF draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The answer header that says an answer is the stored one of an earlier request with the same key. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

/** How long the server keeps a key and its answer. */
export const IDEMPOTENCY_KEEP_DAYS = 30;

/** A key: 8 to 100 letters, digits, `-`, `_`, `.` or `:` (a UUID from the phone). */
export const ZIdempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, 'must be 8 to 100 letters, digits, -, _, . or :');

/** A client of a kept job, as far as the member may read clients (none without clients r). */
export const ZOfflineClient = z.object({
  _id: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  contactNumber: z.string(),
  address: z.string(),
});
export type TOfflineClient = z.infer<typeof ZOfflineClient>;

/**
 * `GET /appointments/offline`: the member's jobs from the start of today to the
 * end of the 7th day after it (company clock) in full as the member may see
 * them, their types (workflow and form), their clients and newest comments.
 */
export const ZOfflinePack = z.object({
  /** When the server read it (ISO): "last synced". */
  syncedAt: z.string(),
  from: z.string(),
  to: z.string(),
  jobs: z.array(ZAppointment),
  types: z.array(ZAppointmentType),
  clients: z.array(ZOfflineClient),
  /** By job id; absent for a job whose comments the member may not read. */
  comments: z.record(z.string(), z.array(ZJobComment)),
  /** True when the member had more jobs in the window than OFFLINE_MAX_JOBS. */
  truncated: z.boolean(),
});
export type TOfflinePack = z.infer<typeof ZOfflinePack>;
