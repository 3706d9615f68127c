import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { files, templateImages } from '../../db/schema/index.js';

export interface NewFile {
  companyId: string | null;
  userId: string | null;
  /** The job an image or signature belongs to: deleted with it. */
  appointmentId?: string | null;
  contentType: string;
  data: Buffer;
}

/** Inserts without counting: only `storeFile` (files.store.ts) and files of no company call it. */
export async function insertFileRow(db: Tx, v: NewFile): Promise<string> {
  const [f] = await db
    .insert(files)
    .values({ ...v, size: v.data.length })
    .returning({ id: files.id });
  if (!f) throw new Error('insert returned nothing');
  return f.id;
}

/**
 * Images are served by their random id to `<img>` tags, which send no
 * credentials: the unguessable id is the capability, so no company filter.
 */
export async function unsafeGetFileById(db: Tx, id: string) {
  const [f] = await db
    .select({ contentType: files.contentType, data: files.data })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  return f ?? null;
}

/** Deletes the company's file `id` (another company's is left alone). */
export async function deleteCompanyFile(db: Tx, companyId: string, id: string): Promise<void> {
  await db.delete(files).where(and(eq(files.companyId, companyId), eq(files.id, id)));
}

/** Deletes file `id` the user stored outside any company (a person's picture). */
export async function deleteUserFile(db: Tx, userId: string, id: string): Promise<void> {
  await db
    .delete(files)
    .where(and(isNull(files.companyId), eq(files.userId, userId), eq(files.id, id)));
}

/** A template image by its id (public like any image: the random id is the capability). */
export async function unsafeGetTemplateImage(db: Tx, id: string) {
  const [f] = await db
    .select({ contentType: files.contentType, data: files.data })
    .from(templateImages)
    .innerJoin(files, eq(files.id, templateImages.fileId))
    .where(eq(templateImages.id, id))
    .limit(1);
  return f ?? null;
}

/**
 * Which of `ids` are files of the company a job may show: its own uploads, or
 * files of no job (uploaded before files knew their job). Another job's image
 * is not, since it goes when that job is deleted.
 */
export async function companyFileIds(
  db: Tx,
  companyId: string,
  ids: string[],
  jobId: string | null,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const ofJob = jobId
    ? or(isNull(files.appointmentId), eq(files.appointmentId, jobId))
    : isNull(files.appointmentId);
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.id, ids), ofJob));
  return rows.map((r) => r.id);
}

/**
 * Holds the company's file count for the transaction: two uploads of one
 * company are counted in turn (the second sees the first), others go on.
 */
export async function lockCompanyFiles(db: Tx, companyId: string): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`files:${companyId}`}, 0))`);
}

/** The bytes the company's files take (what its storage quota counts). */
export async function companyFileBytes(db: Tx, companyId: string): Promise<number> {
  const [r] = await db
    .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.companyId, companyId));
  return Number(r?.bytes ?? 0);
}
