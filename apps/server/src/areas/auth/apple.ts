import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import { sha256 } from '../../platform/crypto.js';
import { HttpError } from '../../platform/errors.js';
import * as repo from './auth.repo.js';

/**
 * The stored hash of an Apple hand-off token: bound to the page's state, so
 * the token alone (a link the attacker made for their own account, sent
 * without its state) signs nobody in; only the tab that holds the state can
 * use it (login CSRF).
 */
export const appleHandoffHash = (token: string, state: string) => sha256(`${token}:${state}`);

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export interface AppleClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * Verify an Apple identity token against Apple's published keys (the key URL
 * is configurable, so tests use a local key set). The audience is the app's
 * client id unless another is given (the web's Services ID); a `nonce`, when
 * given, must be the token's. Null when it does not verify.
 */
export async function verifyAppleToken(
  token: string,
  config: Pick<Config, 'appleKeysUrl' | 'appleClientId'>,
  opts: { audience?: string; nonce?: string } = {},
): Promise<AppleClaims | null> {
  let jwks = keySets.get(config.appleKeysUrl);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(config.appleKeysUrl));
    keySets.set(config.appleKeysUrl, jwks);
  }
  try {
    const { payload } = await jwtVerify(token, jwks, {
      issuer: 'https://appleid.apple.com',
      audience: opts.audience ?? config.appleClientId,
    });
    if (typeof payload.sub !== 'string') return null;
    if (opts.nonce !== undefined && payload.nonce !== opts.nonce) return null;
    const email = typeof payload.email === 'string' ? payload.email : null;
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    return { sub: payload.sub, email, emailVerified: verified };
  } catch {
    return null;
  }
}

/**
 * The account an Apple identity signs in: the one linked to it; else the
 * oldest account whose owner proved the address Apple verified (DECISIONS
 * §2), linked now; else a new active one (its address proved only when Apple
 * verified it). `appleEmail` is the address the app or the browser passed on
 * when Apple shares none in the token.
 */
export async function appleUser(
  db: Tx,
  claims: AppleClaims,
  appleEmail: string | null | undefined,
): Promise<repo.UserRow> {
  let user = await repo.findUserByAppleSub(db, claims.sub);
  const proved = !!claims.email && claims.emailVerified;
  const email = ((proved ? claims.email : appleEmail) ?? '').toLowerCase();
  if (!user && proved) {
    const byEmail = await repo.findProvedUserByEmail(db, claims.email!);
    if (byEmail)
      user = await repo.updateUser(db, byEmail.id, { appleSub: claims.sub, active: true });
  }
  if (!user) {
    if (!email)
      throw new HttpError(400, 'Apple did not share an e-mail address', {
        appleEmail: 'is required',
      });
    const username = (await repo.findUserByUsername(db, email))
      ? `apple-${claims.sub.slice(0, 12).toLowerCase()}`
      : email;
    user = await repo.insertUser(db, {
      username,
      email,
      emailProved: proved,
      appleSub: claims.sub,
      active: true,
    });
  }
  return user;
}
