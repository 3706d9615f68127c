import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { files, templateImages } from '../../db/schema/index.js';

export async function insertFile(
  db: Tx,
  v: { companyId: string | null; userId: string | null; contentType: string; data: Buffer },
): Promise<string> {
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

export async function deleteFile(db: Tx, id: string): Promise<void> {
  await db.delete(files).where(eq(files.id, id));
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

/** Which of `ids` are files of the company (a job's images and signatures). */
export async function companyFileIds(db: Tx, companyId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.companyId, companyId), inArray(files.id, ids)));
  return rows.map((r) => r.id);
}
