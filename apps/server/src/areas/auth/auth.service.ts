import {
  type TInvitationRegister,
  ZAppleLogin,
  ZLoginPassword,
  ZResetConfirm,
  ZResetRequest,
  ZTokenLogin,
  type TLoginResult,
  type TSecondFactorNeeded,
  type TRegister,
  type SecondFactor,
} from '@fieldbook/core';
import { forgetSessions } from '../../platform/auth.js';
import { hashPassword, newToken, sha256, verifyPassword } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField } from '../../platform/errors.js';
import { KeyedLimiter, SignInLimiter } from '../../platform/rate-limit.js';
import { insertSession, revokeAllSessions, revokeSession } from '../../platform/sessions.repo.js';
import { appleHandoffHash, appleUser, verifyAppleToken } from './apple.js';
import * as repo from './auth.repo.js';
import { presentUser } from './auth.present.js';
import {
  createInvitationsService,
  type InvitationToSend,
  type JoinCompany,
} from './invitations.service.js';
import { createPasskeysService } from './passkeys.service.js';
import { createProfileService } from './profile.service.js';
import { issueToken as issue } from './tokens.js';
import { TOO_MANY, createSignInSteps } from './sign-in-steps.js';
import { createTwoFactorService } from './two-factor.service.js';

const HOUR = 3600_000;

const INVALID = 'Invalid username or password';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(
  deps: Pick<AppDeps, 'config' | 'database' | 'mailer' | 'caches' | 'events' | 'sealer'>,
  joinCompany: JoinCompany,
) {
  const db = deps.database.db;
  const signIns = new SignInLimiter();
  const resetsByUser = new KeyedLimiter(5, HOUR);
  const issueToken = (userId: string, purpose: repo.TokenPurpose) => issue(db, userId, purpose);
  const twoFactor = createTwoFactorService(deps);
  const passkeys = createPasskeysService(deps, twoFactor.takeCode);

  async function startSession(
    user: repo.UserRow,
    clientId: string | undefined,
  ): Promise<TLoginResult> {
    const t = newToken();
    await insertSession(db, user.id, t.hash, clientId ?? null);
    return { token: t.token, user: presentUser(user) };
  }

  type SignedIn = TLoginResult | TSecondFactorNeeded;

  /** The second factors an account has: any one finishes its sign-in. */
  async function factorsOf(user: repo.UserRow): Promise<SecondFactor[]> {
    const factors: SecondFactor[] = user.totpEnabledAt ? ['totp'] : [];
    if (await passkeys.has(user.id)) factors.push('passkey');
    return factors;
  }

  /** After the first factor: a session, or the challenge of the user's second factor. */
  async function finishSignIn(
    user: repo.UserRow,
    clientId: string | undefined,
    factors?: SecondFactor[],
  ): Promise<SignedIn> {
    const challenge = await twoFactor.challengeFor(user, factors ?? (await factorsOf(user)));
    return challenge ?? startSession(user, clientId);
  }

  const steps = createSignInSteps({ signIns, startSession, twoFactor, passkeys });

  const link = (query: string) => `${deps.config.publicUrl}/login?${query}`;
  const pageLink = (page: string) => (query: string) => `${deps.config.publicUrl}/${page}?${query}`;
  const profiles = createProfileService(deps, pageLink('confirm-email'));
  const invitations = createInvitationsService(deps, pageLink('invite'), startSession, joinCompany);

  async function passwordLogin(body: unknown, ip: string): Promise<SignedIn> {
    const { username, password, clientId } = ZLoginPassword.parse(body);
    // Counted as a failure before the slow hash, forgiven when the password is right.
    const blocked = signIns.attempt(username, ip);
    if (blocked) throw new HttpError(429, TOO_MANY[blocked]);
    const user = await repo.findUserByUsername(db, username);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) throw new HttpError(401, INVALID);
    if (!user.active) {
      signIns.excuse(username, ip);
      throw new HttpError(
        403,
        'Your account is not activated yet; please use the link in the e-mail we sent you.',
      );
    }
    // With a second factor the sign-in is not over: the right password is only not counted
    // as a failure, and the address becomes the usual one once the code is right too.
    const factors = await factorsOf(user);
    if (factors.length > 0) signIns.excuse(username, ip);
    else signIns.succeeded(username, ip);
    return finishSignIn(user, clientId, factors);
  }

  async function resetRequest(body: unknown): Promise<{ message: string }> {
    const { username } = ZResetRequest.parse(body);
    // The same answer whether or not the user exists.
    if (!resetsByUser.hit(username)) return { message: 'Link Sent' };
    const user = await repo.findUserByUsername(db, username);
    if (user) {
      const token = await issueToken(user.id, 'reset');
      await deps.mailer.send({
        to: user.email,
        subject: 'Reset your Fieldbook password',
        text:
          `Hello ${user.name},\n\nSomeone asked to reset the password of the Fieldbook account "${user.username}".\n\n` +
          `Reset token: ${token}\n\nOr open this link: ${link(`reset=${token}&username=${encodeURIComponent(user.username)}`)}\n\n` +
          'The token works once and expires in one hour. If you did not ask for this, ignore this e-mail.',
      });
    }
    return { message: 'Link Sent' };
  }

  async function resetConfirm(body: unknown): Promise<{ message: string }> {
    const b = ZResetConfirm.parse(body);
    if (b.password !== b.confirmPassword)
      throw badField('confirmPassword', 'must match the new password');
    const user = await repo.findUserByUsername(db, b.username);
    const tokenHash = sha256(b.token);
    const invalid = new HttpError(400, 'The reset token is invalid or has expired', {
      token: 'is invalid or has expired',
    });
    if (!user || (await repo.findLiveUserToken(db, tokenHash, 'reset')) !== user.id) throw invalid;
    const passwordHash = await hashPassword(b.password);
    await db.transaction(async (tx) => {
      if ((await repo.consumeUserToken(tx, tokenHash, 'reset')) !== user.id) throw invalid;
      await repo.expireUserTokens(tx, user.id, 'reset');
      // A reset proves the e-mail address, so it activates the account too.
      await repo.updateUser(tx, user.id, { passwordHash, active: true, emailProved: true });
      await revokeAllSessions(tx, user.id);
    });
    forgetSessions(deps, { userId: user.id });
    signIns.forgive(user.username);
    return { message: 'Password Reset' };
  }

  /**
   * Sign-in links sent by invitations before they were bound to their link.
   * They sign in only an account that is already active: a link never
   * activates an account (an unactivated one gains nothing from it).
   */
  async function tokenLogin(body: unknown): Promise<SignedIn> {
    const { ftoken, state, clientId } = ZTokenLogin.parse(body);
    const hash = state === undefined ? sha256(ftoken) : appleHandoffHash(ftoken, state);
    const userId = await repo.consumeUserToken(db, hash, 'login');
    const user = userId ? await repo.findUserById(db, userId) : null;
    if (!user?.active)
      throw new HttpError(401, 'This sign-in link is invalid or has already been used');
    return finishSignIn(user, clientId);
  }

  async function appleLogin(body: unknown): Promise<SignedIn> {
    const { appleToken, appleEmail, clientId } = ZAppleLogin.parse(body);
    const claims = await verifyAppleToken(appleToken, deps.config);
    if (!claims) throw new HttpError(401, 'Apple sign-in could not be verified');
    return finishSignIn(await appleUser(db, claims, appleEmail), clientId);
  }

  return {
    async register(b: TRegister): Promise<{ message: string }> {
      const { password, ...fields } = b;
      const user = await repo.insertUserIfFree(db, {
        ...fields,
        passwordHash: await hashPassword(password),
      });
      if (!user)
        throw new HttpError(409, 'username is already taken', { username: 'is already taken' });
      const token = await issueToken(user.id, 'activate');
      await deps.mailer.send({
        to: user.email,
        subject: 'Activate your Fieldbook account',
        text: `Hello ${user.name},\n\nWelcome to Fieldbook. Activate your account "${user.username}" with this link:\n\n${link(`activate=${token}`)}\n\nThe link expires in 7 days.`,
      });
      return { message: 'Account created. Please check your e-mail to activate it.' };
    },

    async activate(token: string): Promise<{ message: string }> {
      const userId = await repo.consumeUserToken(db, sha256(token), 'activate');
      if (!userId)
        throw new HttpError(400, 'This activation link is invalid or has expired', {
          token: 'is invalid or has expired',
        });
      // The link went to the account's address: it is proved.
      await repo.updateUser(db, userId, { active: true, emailProved: true });
      return { message: 'Your account is active. You can sign in now.' };
    },

    /** `POST /auth/login` in its five shapes (DECISIONS §2). */
    login(body: Record<string, unknown>, ip: string): Promise<SignedIn | { message: string }> {
      if ('ftoken' in body) return tokenLogin(body);
      if ('appleToken' in body) return appleLogin(body);
      if (body.isReset === true && ('token' in body || 'password' in body))
        return resetConfirm(body);
      if (body.isReset === true) return resetRequest(body);
      return passwordLogin(body, ip);
    },

    secondFactor: steps.secondFactorLogin,
    secondFactorPasskeyOptions: steps.secondFactorPasskeyOptions,
    passkeyLogin: steps.passkeyLogin,
    twoFactor,
    passkeys,

    async logout(tokenHash: string): Promise<{ message: string }> {
      await revokeSession(db, tokenHash);
      forgetSessions(deps, { tokenHash });
      return { message: 'Logged out' };
    },

    profile: profiles.profile,
    saveProfile: profiles.saveProfile,
    confirmEmail: profiles.confirmEmail,

    /** Send an invitation bound to its link (the caller checked the company and group). */
    invite: (v: InvitationToSend) => invitations.send(v),
    showInvitation: invitations.show,
    acceptInvitation: invitations.accept,
    registerByInvitation: (b: TInvitationRegister) => invitations.register(b),

    /** Keep an error reported by a browser. */
    async logError(
      b: { message: string; stack?: string; url?: string; info?: unknown },
      userId: string | null,
      ip: string,
    ) {
      await repo.insertErrorLog(db, {
        userId,
        ip,
        message: b.message,
        stack: b.stack,
        url: b.url,
        info: b.info ?? null,
      });
    },

    async createUser(b: {
      username: string;
      password: string;
      email: string;
      name?: string;
      surname?: string;
      rank?: string | null;
    }) {
      const passwordHash = await hashPassword(b.password);
      const user = await repo.insertUserIfFree(db, {
        username: b.username.toLowerCase(),
        email: b.email,
        name: b.name ?? '',
        surname: b.surname ?? '',
        rank: b.rank ?? null,
        passwordHash,
        active: true,
        // An operator vouches for the address.
        emailProved: true,
      });
      if (!user)
        throw new HttpError(409, 'username is already taken', { username: 'is already taken' });
      return user;
    },
  };
}
