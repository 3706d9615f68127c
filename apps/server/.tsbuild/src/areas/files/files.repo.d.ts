import type { Tx } from '../../db/client.js';
export declare function insertFile(
  db: Tx,
  v: {
    companyId: string | null;
    userId: string | null;
    contentType: string;
    data: Buffer;
  },
): Promise<string>;
/**
 * Images are served by their random id to `<img>` tags, which send no
 * credentials: the unguessable id is the capability, so no company filter.
 */
export declare function unsafeGetFileById(
  db: Tx,
  id: string,
): Promise<{
  contentType: string;
  data: Buffer<ArrayBufferLike>;
} | null>;
export declare function deleteFile(db: Tx, id: string): Promise<void>;
