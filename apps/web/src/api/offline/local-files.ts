import {
  LOCAL_PREFIX,
  forgetUrls,
  rememberUpload,
  rememberUrl,
  uploadedAs,
} from './local-file-urls';
import { keep, offlineDb, onForget, readKept, type LocalFile } from './offline-db';

export { isLocalFile } from './local-file-urls';

/*
 * Photos and signatures taken offline: kept as blobs on the phone and named
 * `local:<uuid>` in the job's values until uploaded; then the server's file id
 * replaces the name in every change still waiting (docs/offline.md).
 */

const mapKey = (localId: string) => `file:${localId}`;

onForget(forgetUrls);

const blobOf = (f: LocalFile) => new Blob([f.data], { type: f.type });

/** Keeps a photo or signature's bytes (read before: `fileOf`); answers its local name. */
export async function keepLocalFile(file: Omit<LocalFile, 'id'>): Promise<string> {
  const db = offlineDb();
  if (!db) throw new Error('Not signed in');
  const id = `${LOCAL_PREFIX}${crypto.randomUUID()}`;
  await db.files.put({ id, ...file });
  rememberUrl(id, () => URL.createObjectURL(blobOf({ id, ...file })));
  return id;
}

/** A chosen or drawn file as the phone keeps it. */
export async function fileOf(blob: Blob, name: string): Promise<Omit<LocalFile, 'id'>> {
  return { data: await blob.arrayBuffer(), type: blob.type || 'image/png', name };
}

/** Loads the kept files' addresses (once at start, so images show at once after a reload). */
export async function loadLocalFiles(): Promise<void> {
  const db = offlineDb();
  if (!db) return;
  for (const f of await db.files.toArray()) rememberUrl(f.id, () => URL.createObjectURL(blobOf(f)));
  for (const row of await db.kv.where('key').startsWith(mapKey(LOCAL_PREFIX)).toArray())
    rememberUpload(row.key.slice('file:'.length), row.value as string);
}

/** A kept file as a Blob to upload, or undefined when the phone has none. */
export async function readLocalFile(id: string): Promise<{ blob: Blob; name: string } | undefined> {
  const f = await offlineDb()?.files.get(id);
  return f && { blob: blobOf(f), name: f.name };
}

/** Records the upload: the blob is kept until no waiting change names it. */
export async function markUploaded(localId: string, serverId: string): Promise<void> {
  rememberUpload(localId, serverId);
  await keep(mapKey(localId), serverId);
}

export async function uploadedId(localId: string): Promise<string | undefined> {
  return uploadedAs(localId) ?? (await readKept<string>(mapKey(localId)));
}
