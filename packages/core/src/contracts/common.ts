import { z } from 'zod';
import { isYmd } from '../dates.js';

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

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A calendar date, YYYY-MM-DD. */
export const ZYmd = z.string().refine(isYmd, 'must be a date (YYYY-MM-DD)');

/**
 * A date as the browser sends it: YYYY-MM-DD, or an ISO 8601 date-time with a
 * zone, which the server turns into the calendar date in the company's zone.
 */
export const ZDateInput = z
  .string()
  .refine(
    (s) => isYmd(s) || (ISO_DATE_TIME.test(s) && isYmd(s.slice(0, 10)) && !isNaN(Date.parse(s))),
    'must be a date (YYYY-MM-DD)',
  );

/** The largest amount one document line, item or expense may hold: R1,000,000,000. */
export const MAX_AMOUNT = 1e9;

/** A money amount as a number, at most 2 decimals, within ±R1,000,000,000. */
export const ZAmount = z
  .number()
  .finite()
  .min(-MAX_AMOUNT, 'must be at least -1,000,000,000')
  .max(MAX_AMOUNT, 'must be at most 1,000,000,000')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'must have at most 2 decimals');

/** An id the browser may send as null, '' or absent for "none". */
export const optId = z
  .string()
  .max(64)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));
