import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/** An error that becomes `{ error, fields? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new HttpError(404, what);
export const forbidden = (why = 'You do not have permission to do this') => new HttpError(403, why);
export const unauthorized = (why = 'Please sign in') => new HttpError(401, why);
/** A 400 naming the field. */
export const badField = (field: string, message: string) =>
  new HttpError(400, `${field} ${message}`, { [field]: message });

function fieldsFrom(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || 'body';
    fields[key] ??= i.message;
  }
  return fields;
}

/** `idempotency-key` -> `Idempotency-Key`. */
const headerName = (h: string) =>
  h.replace(/(^|-)([a-z])/g, (_m, d: string, c: string) => d + c.toUpperCase());

function validationAnswer(fields: Record<string, string>) {
  const [first] = Object.entries(fields);
  return { error: first ? `${first[0]} ${first[1]}` : 'Invalid request', fields };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply
        .status(err.status)
        .send(err.fields ? { error: err.message, fields: err.fields } : { error: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // A header is named as it is written (`Idempotency-Key`), not as Node lower-cases it.
        const key =
          (err.validationContext === 'headers' ? headerName(path) : path) ||
          err.validationContext ||
          'body';
        fields[key] ??= v.message ?? 'is invalid';
      }
      return reply.status(400).send(validationAnswer(fields));
    }
    if (err instanceof ZodError)
      return reply.status(400).send(validationAnswer(fieldsFrom(err.issues)));
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply
        .status(status)
        .send({ error: 'Something went wrong on our side; please try again.' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit).
    return reply.status(status).send({ error: err.message });
  });
}
