import type { FastifyInstance } from 'fastify';
/** An error that becomes `{ error, fields? }` with its status. */
export declare class HttpError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string> | undefined;
  constructor(status: number, message: string, fields?: Record<string, string> | undefined);
}
export declare const notFound: (what?: string) => HttpError;
export declare const forbidden: (why?: string) => HttpError;
export declare const unauthorized: (why?: string) => HttpError;
/** A 400 naming the field. */
export declare const badField: (field: string, message: string) => HttpError;
export declare function installErrorHandler(app: FastifyInstance): void;
