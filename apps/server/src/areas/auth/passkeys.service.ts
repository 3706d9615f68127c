import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  PASSKEYS_MAX,
  type TPasskey,
  type TPasskeyAdd,
  type TPasskeyList,
  type TPasskeyStepUp,
} from '@fieldbook/core';
import { sha256, verifyPassword } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import * as repo from './auth.repo.js';
import {
  CHALLENGE_LIFE,
  authenticationOptions,
  challengeOf,
  newChallenge,
  registrationOptions,
  secondFactorChallenge,
  userHandle,
  verifyAssertion,
  verifyRegistration,
} from './passkeys.js';
import * as pk from './passkeys.repo.js';
import { issueToken } from './tokens.js';
import { addSecurityEvent } from './two-factor.repo.js';
import { WRONG_CODE } from './two-factor.service.js';

/** What checks a TOTP or backup code of the user (the two-factor service's `takeCode`). */
export type TakeCode = (user: repo.UserRow, code: string, ip: string) => Promise<boolean>;

/** The longest credential id WebAuthn allows (§5.1 of Level 3). */
export const CREDENTIAL_ID_MAX_BYTES = 1023;

const present = (p: pk.PasskeyRow): TPasskey => ({
  _id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  transports: p.transports,
});

/** The browser's JSON as the library types it (the zod contract checked its shape). */
const asRegistration = (r: TPasskeyAdd['response']) => r as unknown as RegistrationResponseJSON;
export const asAssertion = (r: unknown) => r as AuthenticationResponseJSON;

/**
 * A user's passkeys (docs/auth.md "Passkeys"): added with the password and
 * the browser's answer to a single-use challenge, listed, renamed, removed
 * with the password; and the checks of an assertion at sign-in, as the
 * second factor or on its own (passwordless).
 */
export function createPasskeysService(
  deps: Pick<AppDeps, 'config' | 'database' | 'events'>,
  takeCode: TakeCode,
) {
  const db = deps.database.db;
  /** A company that asks for a second factor sees a passkey come or go at once (docs/auth.md). */
  const factorsChanged = (userId: string) => deps.events.emitAccess({ kind: 'factors', userId });

  async function userOf(userId: string) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw notFound('User not found');
    return user;
  }

  async function checkPassword(user: repo.UserRow, password: string) {
    if (!(await verifyPassword(user.passwordHash, password)))
      throw badField('password', 'is not your password');
  }

  /**
   * With a second factor on (TOTP or a passkey), adding or removing a passkey
   * takes it too, after the password: a current code or a backup code, or an
   * assertion of one of the user's passkeys over a confirmation challenge
   * (single use, five minutes). 400 naming `code` or `passkey` otherwise.
   */
  async function confirmSecondFactor(user: repo.UserRow, b: TPasskeyStepUp, ip: string) {
    const totp = !!user.totpEnabledAt;
    const keys = await pk.countPasskeys(db, user.id);
    if (!totp && keys === 0) return;
    if (b.passkey && keys > 0) {
      const r = asAssertion(b.passkey);
      const challenge = challengeOf(r.response.clientDataJSON);
      const owner = challenge
        ? await repo.consumeUserToken(db, sha256(challenge), 'passkey-confirm')
        : null;
      if (!challenge || owner !== user.id)
        throw badField('passkey', 'has expired; confirm with your passkey again');
      const passkey = await pk.findPasskeyByCredential(db, r.id);
      if (passkey?.userId !== user.id || !(await take(passkey, r, challenge, false)))
        throw badField('passkey', 'is not one of your passkeys, or could not be verified');
      return;
    }
    if (b.code && totp) {
      if (!(await takeCode(user, b.code, ip))) throw badField('code', WRONG_CODE);
      return;
    }
    if (!totp) throw badField('passkey', 'is required: confirm with one of your passkeys');
    throw badField(
      'code',
      keys > 0
        ? 'is required: a code from your authenticator app or a backup code, or confirm with a passkey'
        : 'is required: a code from your authenticator app or a backup code',
    );
  }

  /** The assertion is the passkey's over the challenge: its counter taken once, or false. */
  async function take(
    passkey: pk.PasskeyRow,
    response: AuthenticationResponseJSON,
    challenge: string,
    requireUserVerification: boolean,
  ): Promise<boolean> {
    const counter = await verifyAssertion(
      deps.config,
      response,
      challenge,
      passkey,
      requireUserVerification,
    );
    return counter !== null && pk.takeCounter(db, passkey.id, counter);
  }

  return {
    has: async (userId: string) => (await pk.countPasskeys(db, userId)) > 0,

    async list(userId: string): Promise<TPasskeyList> {
      return { passkeys: (await pk.listPasskeys(db, userId)).map(present) };
    },

    /** Options for `navigator.credentials.get()` over the user's passkeys, to confirm a change with one. */
    async confirmOptions(userId: string) {
      const allow = await pk.listPasskeys(db, userId);
      if (allow.length === 0) throw new HttpError(409, 'You have no passkey to confirm with');
      const challenge = await issueToken(db, userId, 'passkey-confirm');
      return authenticationOptions(deps.config, challenge, allow);
    },

    /**
     * The options for `navigator.credentials.create()`, after the password
     * (and the second factor when there is one): a challenge of five minutes.
     */
    async startRegistration(userId: string, b: { password: string } & TPasskeyStepUp, ip: string) {
      const user = await userOf(userId);
      await checkPassword(user, b.password);
      await confirmSecondFactor(user, b, ip);
      const existing = await pk.listPasskeys(db, userId);
      if (existing.length >= PASSKEYS_MAX)
        throw new HttpError(409, `At most ${PASSKEYS_MAX} passkeys; remove one first`);
      const challenge = await issueToken(db, userId, 'passkey-register');
      return registrationOptions(deps.config, user, challenge, existing);
    },

    /** The browser's answer to the challenge: the passkey is added (once: its challenge is used up). */
    async finishRegistration(userId: string, b: TPasskeyAdd, ip: string): Promise<TPasskey> {
      const challenge = challengeOf(b.response.response.clientDataJSON);
      if (!challenge) throw badField('response', 'is not the answer of a passkey');
      // Used up before it is checked: one challenge, one try.
      const owner = await repo.consumeUserToken(db, sha256(challenge), 'passkey-register');
      if (owner !== userId) throw badField('response', 'has expired; add the passkey again');
      const credential = await verifyRegistration(
        deps.config,
        asRegistration(b.response),
        challenge,
      );
      if (!credential) throw badField('response', 'could not be verified');
      // WebAuthn's bound (a longer one would not fit the unique index either).
      if (Buffer.from(credential.credentialId, 'base64url').length > CREDENTIAL_ID_MAX_BYTES)
        throw badField(
          'response',
          `has a credential id longer than ${CREDENTIAL_ID_MAX_BYTES} bytes`,
        );
      const row = await db.transaction(async (tx) => {
        // Counted under the user's row lock: two registrations at once cannot both pass the cap.
        await pk.lockUser(tx, userId);
        if ((await pk.countPasskeys(tx, userId)) >= PASSKEYS_MAX)
          throw new HttpError(409, `At most ${PASSKEYS_MAX} passkeys; remove one first`);
        const added = await pk.insertPasskey(tx, { ...credential, userId, name: b.name.trim() });
        if (added) await addSecurityEvent(tx, { userId, kind: 'passkey-added', ip });
        return added;
      });
      if (!row) throw new HttpError(409, 'This passkey is added already');
      factorsChanged(userId);
      return present(row);
    },

    async rename(userId: string, id: string, name: string): Promise<TPasskey> {
      const row = await pk.renamePasskey(db, userId, id, name.trim());
      if (!row) throw notFound('Passkey not found');
      return present(row);
    },

    async remove(userId: string, id: string, b: { password: string } & TPasskeyStepUp, ip: string) {
      const user = await userOf(userId);
      await checkPassword(user, b.password);
      if (!(await pk.listPasskeys(db, userId)).some((p) => p.id === id))
        throw notFound('Passkey not found');
      await confirmSecondFactor(user, b, ip);
      await db.transaction(async (tx) => {
        if (!(await pk.deletePasskey(tx, userId, id))) throw notFound('Passkey not found');
        await addSecurityEvent(tx, { userId, kind: 'passkey-removed', ip });
      });
      factorsChanged(userId);
      return { message: 'Passkey removed' };
    },

    /** The second factor's options: the user's passkeys, over a challenge bound to the sign-in's. */
    async secondFactorOptions(userId: string, signInChallenge: string) {
      const allow = await pk.listPasskeys(db, userId);
      if (allow.length === 0) throw new HttpError(409, 'This account has no passkey');
      return authenticationOptions(deps.config, secondFactorChallenge(signInChallenge), allow);
    },

    /** A passkey of the user answered the sign-in's challenge (the caller uses the challenge up). */
    async takeSecondFactor(userId: string, response: unknown, signInChallenge: string) {
      const r = asAssertion(response);
      const passkey = await pk.findPasskeyByCredential(db, r.id);
      if (passkey?.userId !== userId) return false;
      return take(passkey, r, secondFactorChallenge(signInChallenge), false);
    },

    /** Passwordless: a challenge for any discoverable passkey of this site; no username asked, none told. */
    async passwordlessOptions() {
      const c = newChallenge();
      await pk.insertChallenge(db, c.hash, new Date(Date.now() + CHALLENGE_LIFE));
      return authenticationOptions(deps.config, c.challenge, null);
    },

    /**
     * Passwordless: the passkey and its user, its challenge used up (one try
     * each), or null for an unknown challenge or passkey. `verify` then checks
     * the assertion with user verification (it counts as both factors).
     */
    async passwordless(response: unknown) {
      const r = asAssertion(response);
      const challenge = challengeOf(r.response.clientDataJSON);
      if (!challenge || !(await pk.consumeChallenge(db, sha256(challenge)))) return null;
      const passkey = await pk.findPasskeyByCredential(db, r.id);
      const user = passkey ? await repo.findUserById(db, passkey.userId) : null;
      if (!passkey || !user) return null;
      // The handle the authenticator keeps for the account must be this user's, when it sends one.
      if (r.response.userHandle && r.response.userHandle !== userHandle(user.id)) return null;
      return { user, verify: () => take(passkey, r, challenge, true) };
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
