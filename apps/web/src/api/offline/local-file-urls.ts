/*
 * Where a photo or signature taken offline shows from (docs/offline.md): the
 * phone's copy until uploaded, then the server's. Kept apart from the store
 * (local-files.ts) so the forms' pure code can name images without a browser.
 */

export const LOCAL_PREFIX = 'local:';

export const isLocalFile = (id: string) => id.startsWith(LOCAL_PREFIX);

const urls = new Map<string, string>();
/** Local names already uploaded, with the server's file id. */
const uploaded = new Map<string, string>();

/** The address to show a local file by, or undefined when the phone has none. */
export const localFileUrl = (id: string): string | undefined => urls.get(id);

/** The server's file id of a local one already uploaded. */
export const uploadedAs = (id: string): string | undefined => uploaded.get(id);

export function rememberUrl(id: string, make: () => string): void {
  if (!urls.has(id)) urls.set(id, make());
}

export function rememberUpload(localId: string, serverId: string): void {
  uploaded.set(localId, serverId);
}

/** Forgets every address (the offline data is gone). */
export function forgetUrls(): void {
  urls.forEach((u) => URL.revokeObjectURL(u));
  urls.clear();
  uploaded.clear();
}
