import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { BACKUP_CODES } from '@fieldbook/core';
import { sha256 } from '../../platform/crypto.js';

/**
 * TOTP (RFC 6238) and backup codes for two-factor sign-in (docs/auth.md
 * "Two-factor sign-in"): six digits every 30 seconds, SHA-1, as every
 * authenticator app reads an otpauth:// address.
 */

const PERIOD = 30;
const DIGITS = 6;
const ISSUER = 'Fieldbook';

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 160 random bits in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The address an authenticator app reads from the QR code. */
export const otpauthUrl = (secret: string, username: string) => totpOf(secret, username).toString();

/** The QR code of an address, as an SVG data URL. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The 30-second step of a moment. */
export const stepAt = (now: number) => TOTP.counter({ period: PERIOD, timestamp: now });

/**
 * The step a code is good for, or null: the current step or one back (a
 * code typed as it turned over), never a later one, and never at or before
 * `lastStep` (a code is taken once).
 */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null || delta > 0) return null;
  const step = stepAt(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code of a moment (what the app shows; tests and the set-up use it). */
export const codeAt = (secret: string, now = Date.now()) =>
  totpOf(secret).generate({ timestamp: now });

// No 0/o, 1/l/i: read off paper without doubt.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten backup codes, `xxxxx-xxxxx` (about 49 bits each). */
export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODES }, () => {
    const c = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** A backup code as typed (any case, with or without the dash), as it is stored. */
export const backupCodeHash = (code: string) =>
  sha256(code.toLowerCase().replace(/[^a-z0-9]/g, ''));

/** Whether what was typed looks like a backup code rather than six digits. */
export const looksLikeBackupCode = (code: string) =>
  code.toLowerCase().replace(/[^a-z0-9]/g, '').length === 10;
