import type { Tx } from '../../db/client.js';
import { newToken } from '../../platform/crypto.js';
import * as repo from './auth.repo.js';

const HOUR = 3600_000;
export const TOKEN_LIFE = {
  activate: 7 * 24 * HOUR,
  reset: HOUR,
  login: 7 * 24 * HOUR,
  email: 24 * HOUR,
  /** Between a right password (or link) and the second factor's code. */
  'second-factor': 5 * 60_000,
  /** Between a passkey's registration options and the browser's answer. */
  'passkey-register': 5 * 60_000,
  /** Between a passkey's confirmation options and the assertion that adds or removes one. */
  'passkey-confirm': 5 * 60_000,
} as const;

/** A single-use e-mailed token, stored as its hash; answers the token itself. */
export async function issueToken(
  db: Tx,
  userId: string,
  purpose: repo.TokenPurpose,
  email: string | null = null,
): Promise<string> {
  const t = newToken();
  await repo.insertUserToken(db, {
    tokenHash: t.hash,
    userId,
    purpose,
    email,
    expiresAt: new Date(Date.now() + TOKEN_LIFE[purpose]),
  });
  return t.token;
}
