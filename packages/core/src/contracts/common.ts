import { z } from 'zod';

/** Every document in JSON carries its id as `_id`. */
export const ZId = z.string().min(1).max(64);
export const ZSaved = z.object({ _id: z.string() });
export type TSaved = z.infer<typeof ZSaved>;

/** The error shape of every 4xx/5xx answer. */
export const ZError = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type TError = z.infer<typeof ZError>;

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;

/** A trimmed, non-empty text of at most `max` characters. */
export const text = (max: number) => z.string().trim().min(1, 'is required').max(max);
/** An optional text that may be empty. */
export const optText = (max: number) => z.string().trim().max(max).optional();

export const ZEmail = z.string().trim().toLowerCase().pipe(z.email('must be an e-mail address'));

// One wording for a missing field, in the browser and on the server.
z.config({
  customError: (iss) =>
    iss.code === 'invalid_type' && iss.input === undefined ? 'is required' : undefined,
});
