import { z } from 'zod';
import { text } from './common.js';

/**
 * Passkeys (WebAuthn; docs/auth.md "Passkeys"): a second factor after the
 * password, or a sign-in on their own (passwordless, a discoverable
 * credential that verified its user).
 */

export const PASSKEYS_MAX = 20;

const b64url = z
  .string()
  .min(1, 'is required')
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** What `navigator.credentials.create()` gave, as @simplewebauthn/browser sends it. */
export const ZPasskeyRegistration = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url.optional(),
    authenticatorData: b64url.optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
});

/** What `navigator.credentials.get()` gave. */
export const ZPasskeyAssertion = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
});

/** The options the browser hands to WebAuthn (PublicKeyCredential*OptionsJSON). */
export const ZPasskeyOptions = z.looseObject({ challenge: z.string() });
export type TPasskeyOptions = z.infer<typeof ZPasskeyOptions>;

/**
 * When the account has a second factor already, adding or removing a
 * passkey takes it too (docs/auth.md): a current TOTP code or a backup code,
 * or a passkey's assertion over `POST /people/passkeys/confirm-options`.
 */
const stepUp = {
  code: z
    .string()
    .trim()
    .max(32, 'is not a code')
    .transform((s) => s.replace(/\s+/g, ''))
    .optional(),
  passkey: ZPasskeyAssertion.optional(),
};
export type TPasskeyStepUp = {
  code?: string | undefined;
  passkey?: z.infer<typeof ZPasskeyAssertion> | undefined;
};

/** `POST /people/passkeys/options`: the password first (a passkey is a way in), and a second factor when there is one. */
export const ZPasskeyStart = z.object({
  password: z.string().min(1, 'is required').max(200),
  ...stepUp,
});

/** `POST /people/passkeys`: the new passkey's name and the browser's answer. */
export const ZPasskeyAdd = z.object({ name: text(64), response: ZPasskeyRegistration });
export type TPasskeyAdd = z.input<typeof ZPasskeyAdd>;

export const ZPasskeyRename = z.object({ name: text(64) });
export const ZPasskeyRemove = z.object({
  password: z.string().min(1, 'is required').max(200),
  ...stepUp,
});

export const ZPasskey = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** How the browser reaches the authenticator (internal, hybrid, usb, …). */
  transports: z.array(z.string()),
});
export type TPasskey = z.infer<typeof ZPasskey>;

export const ZPasskeyList = z.object({ passkeys: z.array(ZPasskey) });
export type TPasskeyList = z.infer<typeof ZPasskeyList>;

/** `POST /auth/passkey`: a passwordless sign-in's assertion. */
export const ZPasskeyLogin = z.object({
  response: ZPasskeyAssertion,
  clientId: z.string().max(50).optional(),
});

/** `POST /auth/second-factor/passkey-options`: the sign-in's challenge. */
export const ZPasskeyChallenge = z.object({ challenge: z.string().min(1).max(200) });
