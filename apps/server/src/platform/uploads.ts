import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { checkInput } from './input-guard.js';

/**
 * Declares routes that read a multipart body, in a scope of their own: only
 * there does @fastify/multipart parse multipart/form-data and run its hooks
 * (a close listener and a clean-up on every answer, for files saved to disk,
 * which Fieldbook never does). Any other route refuses a multipart body with
 * 415, for every company alike. Each upload caps its own sizes when it reads.
 */
export async function withUploads<App extends FastifyInstance>(
  app: App,
  routes: (scope: App) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 4 } });
    routes(scope as App);
  });
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The image type from the file's first bytes; the name and the browser's claim are not trusted. */
export function sniffImage(b: Buffer): (typeof IMAGE_TYPES)[number] | null {
  if (
    b.length >= 8 &&
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

export interface Upload {
  fields: Record<string, string>;
  files: Record<string, { data: Buffer; contentType: string }>;
}

/**
 * Read a multipart body: text fields, and image files no larger than
 * `maxBytes` each. A file that is not an image, or too large, is a 400
 * naming the field, and so is a text field the input guard refuses (the
 * guard's hook sees only parsed bodies, not the parts read here).
 */
export async function readImageUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Expected a multipart/form-data body');
  const out: Upload = { fields: {}, files: {} };
  for await (const part of request.parts({
    limits: { fileSize: maxBytes, files: 4, fields: 50 },
  })) {
    if (part.type === 'field') {
      const value = String(part.value);
      checkInput({ [part.fieldname]: value }, null);
      out.fields[part.fieldname] = value;
      continue;
    }
    const data = await part.toBuffer().catch((e: unknown) => {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new HttpError(
          400,
          `${part.fieldname} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`,
          {
            [part.fieldname]: `must be at most ${Math.round(maxBytes / 1024 / 1024)} MB`,
          },
        );
      }
      throw e;
    });
    if (data.length === 0) continue;
    const contentType = sniffImage(data);
    if (!contentType) {
      throw new HttpError(400, `${part.fieldname} must be a PNG, JPEG, GIF or WebP image`, {
        [part.fieldname]: 'must be a PNG, JPEG, GIF or WebP image',
      });
    }
    out.files[part.fieldname] = { data, contentType };
  }
  return out;
}
