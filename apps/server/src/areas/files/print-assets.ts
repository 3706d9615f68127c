import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import type { PdfAsset } from '../../platform/pdf.js';
import { unsafeGetFileById, unsafeGetTemplateImage } from './files.repo.js';

/**
 * What a printed page may load: the images the API serves publicly anyway
 * (`/api/images/{id}` and `/api/images/template/{id}`), read straight from
 * the database instead of over HTTP.
 */
export function printAssets(db: Tx) {
  return async (pathname: string): Promise<PdfAsset | null> => {
    const m = /^\/api\/images\/(?:(template)\/)?([^/]+)$/.exec(pathname);
    if (!m || !isUuid(m[2]!)) return null;
    const f = m[1] ? await unsafeGetTemplateImage(db, m[2]!) : await unsafeGetFileById(db, m[2]!);
    return f ? { body: f.data, contentType: f.contentType } : null;
  };
}
