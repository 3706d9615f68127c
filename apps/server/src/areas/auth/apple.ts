import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../../config.js';

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export interface AppleClaims {
  sub: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * Verify an Apple identity token against Apple's published keys (the key URL
 * is configurable, so tests use a local key set). Null when it does not verify.
 */
export async function verifyAppleToken(
  token: string,
  config: Pick<Config, 'appleKeysUrl' | 'appleClientId'>,
): Promise<AppleClaims | null> {
  let jwks = keySets.get(config.appleKeysUrl);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(config.appleKeysUrl));
    keySets.set(config.appleKeysUrl, jwks);
  }
  try {
    const { payload } = await jwtVerify(token, jwks, {
      issuer: 'https://appleid.apple.com',
      audience: config.appleClientId,
    });
    if (typeof payload.sub !== 'string') return null;
    const email = typeof payload.email === 'string' ? payload.email : null;
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    return { sub: payload.sub, email, emailVerified: verified };
  } catch {
    return null;
  }
}
