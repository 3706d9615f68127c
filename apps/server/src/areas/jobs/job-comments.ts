import type { TJobComment } from '@fieldbook/core';
import { userOf, type Caller } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { badField, forbidden, notFound } from '../../platform/errors.js';
import { once, storedAnswer, type IdempotencyKey } from '../../platform/idempotency.js';
import { storeFile } from '../files/index.js';
import { jobView } from './job-access.js';
import * as limits from './job-limits.repo.js';
import * as typesRepo from './job-types.repo.js';
import * as repo from './jobs.repo.js';

/** Bounds of what one job may hold (DECISIONS §14): comments, and images stored in the database. */
export const MAX_COMMENTS = 2000;
export const MAX_IMAGES = 500;
const NOT_FOUND = 'Job not found';
const COMMENTS_HIDDEN = "You may not read this job's comments in its status";
const COMMENTS_LOCKED = 'You may not comment on this job in its status';

/** What the jobs service lends: its look-up (404), the caller's group and the push. */
export interface JobCommentsNeeds {
  mustFind(companyId: string, id: string): Promise<repo.JobWithClient>;
  groupOf(companyId: string, who: Caller): Promise<string | null>;
  changed(companyId: string, ids: string[]): void;
}

/** A job's comments and its uploads (images, signatures): part of the jobs service. */
export function jobCommentsAndImages(
  deps: Pick<AppDeps, 'database' | 'config'>,
  { mustFind, groupOf, changed }: JobCommentsNeeds,
) {
  const db = deps.database.db;

  /** What the caller may see and change of a job in its current place. */
  async function viewOf(companyId: string, who: Caller, job: repo.JobRow) {
    const t = await typesRepo.findType(db, companyId, job.appointmentTypeId);
    return jobView(t ?? { statuses: [], components: [] }, job, await groupOf(companyId, who));
  }

  return {
    /** A page of the job's comments; 403 while its comments component is hidden from the caller. */
    async comments(
      companyId: string,
      who: Caller,
      id: string,
      q: { before?: string; limit: number },
    ): Promise<{ comments: TJobComment[]; total: number }> {
      const r = await mustFind(companyId, id);
      if ((await viewOf(companyId, who, r.job)).hideComments) throw forbidden(COMMENTS_HIDDEN);
      const rows = await repo.listComments(
        db,
        companyId,
        r.job.id,
        q.before ? new Date(q.before) : null,
        q.limit,
      );
      return {
        comments: rows.map((c) => ({
          _id: c.id,
          text: c.text,
          userId: c.userId,
          author: [c.name, c.surname].filter(Boolean).join(' '),
          createdAt: c.createdAt.toISOString(),
        })),
        total: r.commentCount,
      };
    },

    /**
     * Adds a comment; 403 while the comments component is hidden or view-only
     * for the caller. With a key, once: a replay answers the stored answer
     * before any check (the job may have moved on since).
     */
    async addComment(
      companyId: string,
      who: Caller,
      id: string,
      text: string,
      key: IdempotencyKey | null = null,
    ): Promise<{ _id: string }> {
      const earlier = await storedAnswer<{ _id: string }>(db, key);
      if (earlier) return earlier;
      const r = await mustFind(companyId, id);
      if ((await viewOf(companyId, who, r.job)).lockComments) throw forbidden(COMMENTS_LOCKED);
      // In turn per job (its row locked), so parallel posts cannot pass the limit together.
      const answer = await db.transaction((tx) =>
        once(tx, key, async () => {
          if (!(await limits.lockJobRow(tx, companyId, r.job.id))) throw notFound(NOT_FOUND);
          if ((await repo.countComments(tx, companyId, r.job.id)) >= MAX_COMMENTS)
            throw badField('text', `A job may have at most ${MAX_COMMENTS} comments`);
          const cid = await repo.insertComment(tx, companyId, {
            appointmentId: r.job.id,
            userId: userOf(who),
            text,
          });
          return { _id: cid };
        }),
      );
      if (!key?.replayed) changed(companyId, [r.job.id]);
      return answer;
    },

    /**
     * One image or signature for the job's form; its id goes into `values` on
     * save. With a key, once (the fingerprint is the job, the kind and the bytes).
     */
    async addImage(
      companyId: string,
      who: Caller,
      id: string,
      file: { data: Buffer; contentType: string },
      key: IdempotencyKey | null = null,
    ): Promise<{ file: string }> {
      const earlier = await storedAnswer<{ file: string }>(db, key);
      if (earlier) return earlier;
      const jobId = (await mustFind(companyId, id)).job.id;
      // No push: the job changes only when a save puts the file into its values.
      return db.transaction((tx) =>
        once(tx, key, async () => {
          if (!(await limits.takeImageUpload(tx, companyId, jobId, MAX_IMAGES)))
            throw badField('file', `A job may have at most ${MAX_IMAGES} images`);
          // The job's own file: deleted with the job (and counted in the company's quota).
          const fileId = await storeFile(
            tx,
            { quotaBytes: deps.config.storageQuotaBytes, field: 'file' },
            { companyId, userId: userOf(who), appointmentId: jobId, ...file },
          );
          return { file: fileId };
        }),
      );
    },
  };
}
