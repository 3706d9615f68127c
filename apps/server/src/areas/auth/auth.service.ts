import {
  ZAppleLogin,
  ZLoginPassword,
  ZResetConfirm,
  ZResetRequest,
  ZTokenLogin,
  type TLoginResult,
  type TProfileSave,
  type TRegister,
  type TUser,
} from '@fieldbook/core';
import { forgetSessions } from '../../platform/auth.js';
import { hashPassword, newToken, sha256, verifyPassword } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { KeyedLimiter } from '../../platform/rate-limit.js';
import { insertSession, revokeAllSessions, revokeSession } from '../../platform/sessions.repo.js';
import { verifyAppleToken } from './apple.js';
import * as repo from './auth.repo.js';
import { presentUser } from './auth.present.js';

const HOUR = 3600_000;
const TOKEN_LIFE = { activate: 7 * 24 * HOUR, reset: HOUR, login: 7 * 24 * HOUR } as const;

const INVALID = 'Invalid username or password';
const TOO_MANY = 'Too many sign-in attempts; please wait 15 minutes and try again.';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AppDeps) {
  const db = deps.database.db;
  const failedByUser = new KeyedLimiter(10, 15 * 60_000);
  const resetsByUser = new KeyedLimiter(5, HOUR);

  async function issueToken(userId: string, purpose: repo.TokenPurpose): Promise<string> {
    const t = newToken();
    await repo.insertUserToken(db, {
      tokenHash: t.hash,
      userId,
      purpose,
      expiresAt: new Date(Date.now() + TOKEN_LIFE[purpose]),
    });
    return t.token;
  }

  async function startSession(
    user: repo.UserRow,
    clientId: string | undefined,
  ): Promise<TLoginResult> {
    const t = newToken();
    await insertSession(db, user.id, t.hash, clientId ?? null);
    return { token: t.token, user: presentUser(user) };
  }

  const link = (query: string) => `${deps.config.publicUrl}/login?${query}`;

  async function passwordLogin(body: unknown): Promise<TLoginResult> {
    const { username, password, clientId } = ZLoginPassword.parse(body);
    if (failedByUser.blocked(username)) throw new HttpError(429, TOO_MANY);
    const user = await repo.findUserByUsername(db, username);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      failedByUser.hit(username);
      throw new HttpError(401, INVALID);
    }
    if (!user.active)
      throw new HttpError(
        403,
        'Your account is not activated yet; please use the link in the e-mail we sent you.',
      );
    failedByUser.reset(username);
    return startSession(user, clientId);
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
      await repo.updateUser(tx, user.id, { passwordHash, active: true });
      await revokeAllSessions(tx, user.id);
    });
    forgetSessions(deps, { userId: user.id });
    failedByUser.reset(user.username);
    return { message: 'Password Reset' };
  }

  async function tokenLogin(body: unknown): Promise<TLoginResult> {
    const { ftoken, clientId } = ZTokenLogin.parse(body);
    const userId = await repo.consumeUserToken(db, sha256(ftoken), 'login');
    const user = userId ? await repo.findUserById(db, userId) : null;
    if (!user) throw new HttpError(401, 'This sign-in link is invalid or has already been used');
    const active = user.active
      ? user
      : ((await repo.updateUser(db, user.id, { active: true })) ?? user);
    return startSession(active, clientId);
  }

  async function appleLogin(body: unknown): Promise<TLoginResult> {
    const { appleToken, appleEmail, clientId } = ZAppleLogin.parse(body);
    const claims = await verifyAppleToken(appleToken, deps.config);
    if (!claims) throw new HttpError(401, 'Apple sign-in could not be verified');
    let user = await repo.findUserByAppleSub(db, claims.sub);
    const email = (claims.email ?? appleEmail ?? '').toLowerCase();
    if (!user && claims.email && claims.emailVerified) {
      const byEmail = await repo.findUserByEmail(db, claims.email);
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
      user = await repo.insertUser(db, { username, email, appleSub: claims.sub, active: true });
    }
    return startSession(user, clientId);
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
      await repo.updateUser(db, userId, { active: true });
      return { message: 'Your account is active. You can sign in now.' };
    },

    /** `POST /auth/login` in its five shapes (DECISIONS §2). */
    login(body: Record<string, unknown>): Promise<TLoginResult | { message: string }> {
      if ('ftoken' in body) return tokenLogin(body);
      if ('appleToken' in body) return appleLogin(body);
      if (body.isReset === true && ('token' in body || 'password' in body))
        return resetConfirm(body);
      if (body.isReset === true) return resetRequest(body);
      return passwordLogin(body);
    },

    async logout(tokenHash: string): Promise<{ message: string }> {
      await revokeSession(db, tokenHash);
      forgetSessions(deps, { tokenHash });
      return { message: 'Logged out' };
    },

    async profile(userId: string): Promise<TUser> {
      const u = await repo.findUserById(db, userId);
      if (!u) throw notFound('User not found');
      return presentUser(u);
    },

    async saveProfile(userId: string, b: TProfileSave): Promise<TUser> {
      const u = await repo.updateUser(db, userId, {
        name: b.name,
        surname: b.surname,
        email: b.email,
      });
      if (!u) throw notFound('User not found');
      return presentUser(u);
    },

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

    /** A single-use sign-in link, as invitations send it. */
    async loginLink(userId: string): Promise<string> {
      return link(`ftoken=${await issueToken(userId, 'login')}`);
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
      });
      if (!user)
        throw new HttpError(409, 'username is already taken', { username: 'is already taken' });
      return user;
    },
  };
}
