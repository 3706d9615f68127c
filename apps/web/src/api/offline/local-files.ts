import { keep, offlineDb, onForget, readKept, type LocalFile } from './offline-db';

/*
 * Photos and signatures taken offline: kept as blobs on the phone and named
 * `local:<uuid>` in the job's values until uploaded; then the server's file id
 * replaces the name in every change still waiting (docs/offline.md).
 */

export const LOCAL_PREFIX = 'local:';

export const isLocalFile = (id: string) => id.startsWith(LOCAL_PREFIX);

const urls = new Map<string, string>();
/** Local names already uploaded, with the server's file id. */
const uploaded = new Map<string, string>();
const mapKey = (localId: string) => `file:${localId}`;

onForget(() => {
  urls.forEach((u) => URL.revokeObjectURL(u));
  urls.clear();
  uploaded.clear();
});

const blobOf = (f: LocalFile) => new Blob([f.data], { type: f.type });

/** Keeps a photo or signature's bytes (read before: `fileOf`); answers its local name. */
export async function keepLocalFile(file: Omit<LocalFile, 'id'>): Promise<string> {
  const db = offlineDb();
  if (!db) throw new Error('Not signed in');
  const id = `${LOCAL_PREFIX}${crypto.randomUUID()}`;
  await db.files.put({ id, ...file });
  urls.set(id, URL.createObjectURL(blobOf({ id, ...file })));
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
  for (const f of await db.files.toArray())
    if (!urls.has(f.id)) urls.set(f.id, URL.createObjectURL(blobOf(f)));
  for (const row of await db.kv.where('key').startsWith(mapKey(LOCAL_PREFIX)).toArray())
    uploaded.set(row.key.slice('file:'.length), row.value as string);
}

/** The address to show a local file by, or undefined when the phone has none. */
export function localFileUrl(id: string): string | undefined {
  return urls.get(id);
}

/** The server's file id of a local one already uploaded. */
export function uploadedAs(id: string): string | undefined {
  return uploaded.get(id);
}

/** A kept file as a Blob to upload, or undefined when the phone has none. */
export async function readLocalFile(id: string): Promise<{ blob: Blob; name: string } | undefined> {
  const f = await offlineDb()?.files.get(id);
  return f && { blob: blobOf(f), name: f.name };
}

/** Records the upload: the blob is kept until no waiting change names it. */
export async function markUploaded(localId: string, serverId: string): Promise<void> {
  uploaded.set(localId, serverId);
  await keep(mapKey(localId), serverId);
}

export async function uploadedId(localId: string): Promise<string | undefined> {
  return uploaded.get(localId) ?? (await readKept<string>(mapKey(localId)));
}
