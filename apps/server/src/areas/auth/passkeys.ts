import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { TPasskeyOptions } from '@fieldbook/core';
import type { Config } from '../../config.js';
import { sha256 } from '../../platform/crypto.js';
import type { PasskeyRow } from './passkeys.repo.js';

/**
 * The WebAuthn ceremonies (docs/auth.md "Passkeys"), with
 * @simplewebauthn/server. The relying party is the server's public URL: its
 * host name is the RP id and its origin the only origin taken. Read at each
 * call, so a test that moves the server's URL moves them too.
 */

export const CHALLENGE_LIFE = 5 * 60_000;
const TIMEOUT = 60_000;

export function relyingParty(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: 'Fieldbook' };
}

/** A fresh challenge (256 random bits, base64url) and the hash stored in its place. */
export function newChallenge(): { challenge: string; hash: string } {
  const challenge = randomBytes(32).toString('base64url');
  return { challenge, hash: sha256(challenge) };
}

/** The challenge a browser's answer signed (from its clientDataJSON), or null when unreadable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const c = (data as { challenge?: unknown } | null)?.challenge;
    return typeof c === 'string' && c.length > 0 && c.length <= 200 ? c : null;
  } catch {
    return null;
  }
}

/** The WebAuthn challenge of a second-factor step: bound to the sign-in's challenge. */
export const secondFactorChallenge = (signInChallenge: string) =>
  sha256(`passkey second factor\n${signInChallenge}`);

/** The library's options as the JSON the route answers. */
const asJson = (options: { challenge: string }): TPasskeyOptions => ({ ...options });

/** The user handle a passkey keeps: the user's uuid as its 16 bytes. */
const handleBytes = (userId: string) =>
  new Uint8Array(Buffer.from(userId.replaceAll('-', ''), 'hex'));
export const userHandle = (userId: string) =>
  Buffer.from(handleBytes(userId)).toString('base64url');

export async function registrationOptions(
  config: Pick<Config, 'publicUrl'>,
  user: { id: string; username: string; name: string; surname: string },
  challenge: string,
  existing: PasskeyRow[],
): Promise<TPasskeyOptions> {
  const rp = relyingParty(config);
  return asJson(
    await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: user.username,
      userDisplayName: `${user.name} ${user.surname}`.trim() || user.username,
      // The user's uuid as bytes: no personal data in the handle.
      userID: handleBytes(user.id),
      challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
      timeout: TIMEOUT,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      // Discoverable, so that it can sign in without a username too.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    }),
  );
}

/** The new credential, or null when the answer does not hold up. */
export async function verifyRegistration(
  config: Pick<Config, 'publicUrl'>,
  response: RegistrationResponseJSON,
  challenge: string,
) {
  const rp = relyingParty(config);
  try {
    const v = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!v.verified) return null;
    const c = v.registrationInfo.credential;
    return {
      credentialId: c.id,
      publicKey: Buffer.from(c.publicKey).toString('base64url'),
      counter: c.counter,
      transports: (response.response.transports ?? []).slice(0, 10),
    };
  } catch {
    return null;
  }
}

export async function authenticationOptions(
  config: Pick<Config, 'publicUrl'>,
  challenge: string,
  allow: PasskeyRow[] | null,
): Promise<TPasskeyOptions> {
  return asJson(
    await generateAuthenticationOptions({
      rpID: relyingParty(config).id,
      challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
      timeout: TIMEOUT,
      // Passwordless (no list: any discoverable passkey of this site) must verify its user.
      userVerification: allow ? 'preferred' : 'required',
      allowCredentials: allow?.map((p) => ({ id: p.credentialId, transports: p.transports })),
    }),
  );
}

/**
 * An assertion by the stored passkey over the challenge: the new counter, or
 * null when it does not hold up (a wrong signature, origin or RP id, another
 * challenge, a counter that went back, no user verification when asked).
 */
export async function verifyAssertion(
  config: Pick<Config, 'publicUrl'>,
  response: AuthenticationResponseJSON,
  challenge: string,
  passkey: PasskeyRow,
  requireUserVerification: boolean,
): Promise<number | null> {
  const rp = relyingParty(config);
  try {
    const v = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    });
    return v.verified ? v.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
