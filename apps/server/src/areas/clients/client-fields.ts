import { ZEmail, isYmd, type TClientField } from '@fieldbook/core';
import { HttpError } from '../../platform/errors.js';

/** A value of a client's extra field as the API carries it. */
export type FieldValue = string | number | boolean | null;

/** The stored value, or an error message naming what is wrong. */
type Checked = { value: FieldValue } | { error: string };

function checkOne(f: TClientField, v: FieldValue): Checked {
  switch (f.type) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v)
        ? { value: v }
        : { error: 'must be a number' };
    case 'switch':
      return typeof v === 'boolean' ? { value: v } : { error: 'must be true or false' };
    case 'date':
      return typeof v === 'string' && isYmd(v)
        ? { value: v }
        : { error: 'must be a date (YYYY-MM-DD)' };
    case 'select':
      return typeof v === 'string' && f.options.includes(v)
        ? { value: v }
        : { error: `must be one of: ${f.options.join(', ')}` };
    case 'email': {
      const e = typeof v === 'string' ? ZEmail.safeParse(v) : null;
      return e?.success ? { value: e.data } : { error: 'must be an e-mail address' };
    }
    default:
      // text, textArea, phone: a number typed into a text box is still text.
      if (typeof v === 'number') return { value: String(v) };
      return typeof v === 'string' ? { value: v } : { error: 'must be text' };
  }
}

/**
 * The extra fields of a client checked against its type's descriptions: keys
 * the type does not define are dropped, empty values ('' or null) are left
 * out, and a value of the wrong kind is a 400 naming `fields.<description>`.
 */
export function checkClientFields(
  descriptions: TClientField[],
  input: Record<string, FieldValue>,
): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  const errors: Record<string, string> = {};
  for (const f of descriptions) {
    if (!Object.hasOwn(input, f.description)) continue;
    const v = input[f.description] ?? null;
    if (v === null || (typeof v === 'string' && v.trim() === '')) continue;
    const r = checkOne(f, v);
    if ('error' in r) errors[`fields.${f.description}`] = r.error;
    else out[f.description] = r.value;
  }
  const [first] = Object.entries(errors);
  if (first) throw new HttpError(400, `${first[0]} ${first[1]}`, errors);
  return out;
}
