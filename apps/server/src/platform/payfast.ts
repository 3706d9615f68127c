import { createHash } from 'node:crypto';

/**
 * PayFast's custom integration (developers.payfast.co.za, "Custom
 * integration": step 2 signature, step 4 ITN security checks). PayFast
 * computes its signatures in PHP, so the encoding here is PHP's `urlencode`
 * and the field order is the one PayFast documents; both are checked against
 * PayFast's own published examples in test/payments/payfast-signature.test.ts.
 */

/**
 * The pay form's fields in PayFast's documented order: the signature string
 * lists the fields in this order, not in the order they were given. The list
 * is the one of PayFast's PHP SDK (Payfast/payfast-php-sdk, lib/Auth.php
 * `generateSignature`), which also covers recurring billing; the once-off
 * payment of an invoice uses only some of them.
 */
export const PAYFAST_FIELD_ORDER = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'notify_method',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'currency',
  'payment_method',
  'subscription_type',
  'billing_date',
  'recurring_amount',
  'frequency',
  'cycles',
  'subscription_notify_email',
  'subscription_notify_webhook',
  'subscription_notify_buyer',
] as const;
export type PayfastField = (typeof PAYFAST_FIELD_ORDER)[number];

export interface FormField {
  name: string;
  value: string;
}

/**
 * PHP's `urlencode`: everything but letters, digits and `-_.` is
 * percent-encoded in upper-case hex (UTF-8 bytes), and a space becomes `+`.
 * `encodeURIComponent` leaves `!'()*~` alone, so those are encoded here too.
 */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const join = (pairs: FormField[]) =>
  pairs.map((p) => `${p.name}=${phpUrlencode(p.value)}`).join('&');

/**
 * The pay form's fields in PayFast's order: unknown names dropped, values
 * trimmed, blank values left out (PayFast signs only the fields it receives).
 */
export function orderedFormFields(data: Partial<Record<PayfastField, string>>): FormField[] {
  const out: FormField[] = [];
  for (const name of PAYFAST_FIELD_ORDER) {
    const value = data[name]?.trim();
    if (value) out.push({ name, value });
  }
  return out;
}

/**
 * The signature of a pay form: MD5 of `name=value&...` in PayFast's order,
 * with `&passphrase=...` appended when the merchant set one.
 */
export function formSignature(
  data: Partial<Record<PayfastField, string>>,
  passphrase: string | null,
): string {
  const pairs = orderedFormFields(data);
  const pass = passphrase?.trim();
  if (pass) pairs.push({ name: 'passphrase', value: pass });
  return md5(join(pairs));
}

/** The hidden fields to post to PayFast: the ordered fields, the signature last. */
export function signedForm(
  data: Partial<Record<PayfastField, string>>,
  passphrase: string | null,
): FormField[] {
  return [
    ...orderedFormFields(data),
    { name: 'signature', value: formSignature(data, passphrase) },
  ];
}

/** A form-encoded body as name/value pairs in the order received (`+` read as a space). */
export function parseFormBody(body: string): FormField[] {
  return [...new URLSearchParams(body)].map(([name, value]) => ({ name, value }));
}

/**
 * The ITN parameter string: every posted field in the order received (blank
 * ones included), up to and without `signature`. It is what the signature is
 * computed over and what is posted back to PayFast's validate endpoint.
 */
export function itnParamString(posted: FormField[]): string {
  const cut = posted.findIndex((p) => p.name === 'signature');
  return join(cut < 0 ? posted : posted.slice(0, cut));
}

/** Whether the ITN's `signature` is the one its fields and the passphrase give. */
export function itnSignatureValid(posted: FormField[], passphrase: string | null): boolean {
  const given = posted.find((p) => p.name === 'signature')?.value ?? '';
  const pass = passphrase?.trim();
  const signed = itnParamString(posted) + (pass ? `&passphrase=${phpUrlencode(pass)}` : '');
  const expected = md5(signed);
  // Hex of equal length: a plain comparison leaks nothing useful about an MD5.
  return given.length === expected.length && given.toLowerCase() === expected;
}

/** PayFast's base URL: the configured one (tests), else live or sandbox. */
export function payfastBase(configured: string | null, sandbox: boolean): string {
  if (configured) return configured;
  return sandbox ? 'https://sandbox.payfast.co.za' : 'https://www.payfast.co.za';
}

export const processUrl = (base: string) => `${base}/eng/process`;
export const validateUrl = (base: string) => `${base}/eng/query/validate`;

/**
 * Step 4's last check: post the parameter string back to PayFast, which
 * answers `VALID` for a notification it sent. Throws when PayFast cannot be
 * reached, so the caller can ask PayFast to retry later.
 */
export async function confirmWithPayfast(
  base: string,
  paramString: string,
  timeoutMs = 10_000,
): Promise<boolean> {
  const res = await fetch(validateUrl(base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: paramString,
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`PayFast validate answered ${res.status}`);
  return (await res.text()).trim() === 'VALID';
}
