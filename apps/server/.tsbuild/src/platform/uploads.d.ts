import type { FastifyRequest } from 'fastify';
export declare const IMAGE_TYPES: readonly ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** The image type from the file's first bytes; the name and the browser's claim are not trusted. */
export declare function sniffImage(b: Buffer): (typeof IMAGE_TYPES)[number] | null;
export interface Upload {
  fields: Record<string, string>;
  files: Record<
    string,
    {
      data: Buffer;
      contentType: string;
    }
  >;
}
/**
 * Read a multipart body: text fields, and image files no larger than
 * `maxBytes` each. A file that is not an image, or too large, is a 400
 * naming the field.
 */
export declare function readImageUpload(request: FastifyRequest, maxBytes: number): Promise<Upload>;
