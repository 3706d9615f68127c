import { ZPasskeyLogin, ZSecondFactorLogin, type TLoginResult } from '@fieldbook/core';
import { HttpError } from '../../platform/errors.js';
import { KeyedLimiter, type SignInLimiter } from '../../platform/rate-limit.js';
import type * as repo from './auth.repo.js';
import type { PasskeysService } from './passkeys.service.js';
import { WRONG_CODE, type TwoFactorService } from './two-factor.service.js';

const HOUR = 3600_000;

export const TOO_MANY = {
  address: 'Too many sign-in attempts; please wait 15 minutes and try again.',
  account:
    'Too many sign-in attempts for this account; please wait an hour, sign in from where you usually do, or reset your password.',
} as const;

const PASSKEY_REFUSED = 'is not an answer of a passkey of this account to this sign-in';

/**
 * The sign-in steps after or instead of the password (docs/auth.md): the
 * second factor (a code or a passkey) and the passwordless passkey sign-in,
 * all counted in the sign-in limits of the account and the address.
 */
export function createSignInSteps(ctx: {
  signIns: SignInLimiter;
  startSession: (user: repo.UserRow, clientId: string | undefined) => Promise<TLoginResult>;
  twoFactor: TwoFactorService;
  passkeys: PasskeysService;
}) {
  const { signIns, startSession, twoFactor, passkeys } = ctx;
  /** Wrong second factors per account (any address, any challenge). */
  const codeFailures = new KeyedLimiter(10, HOUR);
  /** Wrong second factors per challenge: the fifth ends it (sign in again). */
  const challengeTries = new KeyedLimiter(4, 5 * 60_000);

  const expired = () => new HttpError(401, 'This sign-in has expired; please sign in again');

  /**
   * `POST /auth/second-factor`: the challenge of a first factor and a code of
   * the second (a TOTP code, or a backup code once) or a passkey's assertion,
   * counted in the sign-in limits of the account and the address.
   */
  async function secondFactorLogin(body: unknown, ip: string): Promise<TLoginResult> {
    const b = ZSecondFactorLogin.parse(body);
    const user = await twoFactor.challengeUser(b.challenge);
    if (!user?.active) throw expired();
    const blocked = signIns.attempt(user.username, ip);
    if (blocked) throw new HttpError(429, TOO_MANY[blocked]);
    // Wrong codes also count per account over every address and sign-in, which a right
    // password does not clear; a challenge gives up after a few.
    if (codeFailures.blocked(user.id)) throw new HttpError(429, TOO_MANY.account);
    const taken = b.passkey
      ? await passkeys.takeSecondFactor(user.id, b.passkey, b.challenge)
      : await twoFactor.takeCode(user, b.code ?? '', ip);
    if (!taken) {
      codeFailures.hit(user.id);
      if (!challengeTries.hit(b.challenge)) await twoFactor.consumeChallenge(b.challenge);
      throw b.passkey
        ? new HttpError(401, 'That passkey was not accepted', { passkey: PASSKEY_REFUSED })
        : new HttpError(401, 'That code is not right', { code: WRONG_CODE });
    }
    if (!(await twoFactor.consumeChallenge(b.challenge))) throw expired();
    signIns.succeeded(user.username, ip);
    return startSession(user, b.clientId);
  }

  /**
   * `POST /auth/passkey`: a passwordless sign-in, a discoverable passkey that
   * verified its user (both factors in one). Its challenge is used up first;
   * a known passkey's attempt counts in the sign-in limits of its account.
   */
  async function passkeyLogin(body: unknown, ip: string): Promise<TLoginResult> {
    const b = ZPasskeyLogin.parse(body);
    const refused = new HttpError(401, 'That passkey was not accepted', {
      response: PASSKEY_REFUSED,
    });
    const found = await passkeys.passwordless(b.response);
    if (!found) throw refused;
    const { user } = found;
    const blocked = signIns.attempt(user.username, ip);
    if (blocked) throw new HttpError(429, TOO_MANY[blocked]);
    if (!(await found.verify())) throw refused;
    if (!user.active) {
      signIns.excuse(user.username, ip);
      throw new HttpError(403, 'Your account is not activated yet');
    }
    signIns.succeeded(user.username, ip);
    return startSession(user, b.clientId);
  }

  /** The options of the second factor's passkey step, for a live sign-in challenge. */
  async function secondFactorPasskeyOptions(challenge: string) {
    const user = await twoFactor.challengeUser(challenge);
    if (!user?.active) throw expired();
    return passkeys.secondFactorOptions(user.id, challenge);
  }

  return { secondFactorLogin, passkeyLogin, secondFactorPasskeyOptions };
}
