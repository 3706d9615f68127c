import type { FastifyRequest } from 'fastify';
import { HttpError, badField } from '../../platform/errors.js';

export { attachment } from '../../platform/attachment.js';

/** A client document may be of any type, up to this size. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export interface DocumentUpload {
  name: string;
  contentType: string;
  data: Buffer;
}

/** The file's own name without any path, control characters or excess length. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(-200) || 'document';
}

/** The browser's claim about the type, kept only when it looks like a media type. */
function cleanType(raw: string | undefined): string {
  const t = (raw ?? '').trim().toLowerCase();
  return /^[a-z0-9][\w.+-]*\/[\w.+-]+$/.test(t) ? t : 'application/octet-stream';
}

/** Reads the multipart body's one file field `file`. */
export async function readDocumentUpload(req: FastifyRequest): Promise<DocumentUpload> {
  if (!req.isMultipart()) throw new HttpError(415, 'Expected a multipart/form-data body');
  let found: DocumentUpload | null = null;
  for await (const part of req.parts({ limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1 } })) {
    if (part.type === 'field') continue;
    const data = await part.toBuffer().catch((e: unknown) => {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw badField(part.fieldname, 'must be at most 10 MB');
      throw e;
    });
    if (part.fieldname !== 'file' || data.length === 0) continue;
    found = { name: cleanFileName(part.filename), contentType: cleanType(part.mimetype), data };
  }
  if (!found) throw badField('file', 'is required');
  return found;
}
