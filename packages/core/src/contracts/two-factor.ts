import { z } from 'zod';
import { ZPasskeyAssertion } from './passkeys.js';

/**
 * Two-factor sign-in (docs/auth.md "Two-factor sign-in"): a TOTP app's
 * six-digit code, or one of ten backup codes, each usable once.
 */

export const BACKUP_CODES = 10;

/** A code as typed: six digits (spaces allowed) or a backup code (xxxxx-xxxxx). */
export const ZSecondFactorCode = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(32, 'is not a code')
  .transform((s) => s.replace(/\s+/g, ''));

export const SECOND_FACTORS = ['totp', 'passkey'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** `POST /auth/login` when the account has a second factor: no session yet, a challenge. */
export const ZSecondFactorNeeded = z.object({
  /** The first of `factors` (TOTP when the account has it, as before passkeys). */
  secondFactor: z.enum(SECOND_FACTORS),
  /** Every second factor the account has: any one of them finishes the sign-in. */
  factors: z.array(z.enum(SECOND_FACTORS)),
  /** Single use, five minutes: sent back with the code or the passkey's assertion. */
  challenge: z.string(),
});
export type TSecondFactorNeeded = z.infer<typeof ZSecondFactorNeeded>;

/** `POST /auth/second-factor`: the challenge and the code (or a backup code), or a passkey's assertion. */
export const ZSecondFactorLogin = z
  .object({
    challenge: z.string().min(1).max(200),
    code: ZSecondFactorCode.optional(),
    passkey: ZPasskeyAssertion.optional(),
    clientId: z.string().max(200).optional(),
  })
  .refine((b) => b.code !== undefined || b.passkey !== undefined, {
    path: ['code'],
    message: 'is required',
  });

/** `GET /people/two-factor`: where the signed-in user's second factor stands. */
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  backupCodesLeft: z.number(),
  /** The newest events of the account's sign-in, newest first. */
  events: z.array(
    z.object({ kind: z.string(), at: z.string(), ip: z.string(), bySomeoneElse: z.boolean() }),
  ),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** `POST /people/two-factor/setup`: a new secret to scan; nothing changes until it is confirmed. */
export const ZTwoFactorSetup = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: z.string(),
  /** The QR code as an SVG data URL. */
  qr: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/** Turning it on, off, or new backup codes: the password and a current code. */
export const ZTwoFactorConfirm = z.object({
  password: z.string().min(1, 'is required').max(200),
  code: ZSecondFactorCode,
});
export type TTwoFactorConfirm = z.input<typeof ZTwoFactorConfirm>;

/** Turning it on or new codes: the backup codes, shown this once. */
export const ZBackupCodes = z.object({ backupCodes: z.array(z.string()) });
export type TBackupCodes = z.infer<typeof ZBackupCodes>;
