import type {
  SecondFactor,
  TBackupCodes,
  TSecondFactorNeeded,
  TTwoFactorConfirm,
  TTwoFactorSetup,
  TTwoFactorStatus,
} from '@fieldbook/core';
import { sha256 as sha, verifyPassword } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import * as repo from './auth.repo.js';
import { issueToken } from './tokens.js';
import {
  acceptedStep,
  backupCodeHash,
  looksLikeBackupCode,
  newBackupCodes,
  newTotpSecret,
  otpauthUrl,
  qrDataUrl,
} from './two-factor.js';
import * as pk from './passkeys.repo.js';
import * as tf from './two-factor.repo.js';

export const WRONG_CODE = 'is not the current code or an unused backup code';

/**
 * Two-factor sign-in for a user (docs/auth.md "Two-factor sign-in"): set up
 * a secret, turn it on with a code from it (ten backup codes shown once),
 * off or new backup codes with the password and a current code; and the
 * check of a code at sign-in. Every change is an entry the user sees.
 */
export function createTwoFactorService(deps: Pick<AppDeps, 'database' | 'sealer' | 'events'>) {
  const db = deps.database.db;
  /** Companies that ask for a second factor see the change at once, on every process. */
  const factorsChanged = (userId: string) => deps.events.emitAccess({ kind: 'factors', userId });

  /** The secret, or null when its seal does not open (the server's key changed: backup codes still work). */
  function openSecret(sealed: string): string | null {
    try {
      return deps.sealer.open(sealed);
    } catch {
      return null;
    }
  }

  async function userOf(userId: string) {
    const user = await repo.findUserById(db, userId);
    if (!user) throw notFound('User not found');
    return user;
  }

  /** A code of the user's second factor, taken once: a TOTP code, or a backup code. */
  async function takeCode(user: repo.UserRow, code: string, ip: string): Promise<boolean> {
    if (!user.totpSecret) return false;
    if (looksLikeBackupCode(code)) {
      if (!(await tf.useBackupCode(db, user.id, backupCodeHash(code)))) return false;
      await tf.addSecurityEvent(db, { userId: user.id, kind: 'backup-code-used', ip });
      return true;
    }
    const secret = openSecret(user.totpSecret);
    if (!secret) return false;
    const step = acceptedStep(secret, code, user.totpLastStep);
    return step !== null && (await tf.takeStep(db, user.id, step));
  }

  /** The password and a current code, or 400 naming which is wrong. */
  async function confirm(user: repo.UserRow, b: TTwoFactorConfirm, ip: string) {
    if (!(await verifyPassword(user.passwordHash, b.password)))
      throw badField('password', 'is not your password');
    if (!(await takeCode(user, b.code, ip))) throw badField('code', WRONG_CODE);
  }

  async function freshBackupCodes(tx: Parameters<typeof tf.replaceBackupCodes>[0], userId: string) {
    const codes = newBackupCodes();
    await tf.replaceBackupCodes(tx, userId, codes.map(backupCodeHash));
    return codes;
  }

  return {
    async status(userId: string): Promise<TTwoFactorStatus> {
      const user = await userOf(userId);
      const events = await tf.recentSecurityEvents(db, userId);
      return {
        enabled: !!user.totpEnabledAt,
        enabledAt: user.totpEnabledAt?.toISOString() ?? null,
        backupCodesLeft: user.totpEnabledAt ? await tf.backupCodesLeft(db, userId) : 0,
        events: events.map((e) => ({
          kind: e.kind,
          at: e.createdAt.toISOString(),
          ip: e.ip,
          bySomeoneElse: !!e.byUserId && e.byUserId !== userId,
        })),
      };
    },

    /** A new secret to scan; it works only once a code from it turns it on. */
    async setup(userId: string): Promise<TTwoFactorSetup> {
      const user = await userOf(userId);
      if (user.totpEnabledAt)
        throw new HttpError(409, 'Two-factor sign-in is on already; turn it off first');
      const secret = newTotpSecret();
      await tf.setPendingSecret(db, userId, deps.sealer.seal(secret));
      const url = otpauthUrl(secret, user.username);
      return { secret, otpauthUrl: url, qr: await qrDataUrl(url) };
    },

    /** Turns it on: the password and a code from the secret being set up; answers the backup codes. */
    async enable(userId: string, b: TTwoFactorConfirm, ip: string): Promise<TBackupCodes> {
      const user = await userOf(userId);
      if (user.totpEnabledAt)
        throw new HttpError(409, 'Two-factor sign-in is on already; turn it off first');
      if (!user.totpPending) throw badField('code', 'set it up first: scan a new QR code');
      if (!(await verifyPassword(user.passwordHash, b.password)))
        throw badField('password', 'is not your password');
      const pending = openSecret(user.totpPending);
      const step = pending ? acceptedStep(pending, b.code, null) : null;
      if (step === null) throw badField('code', 'is not the code your app shows now');
      const backupCodes = await db.transaction(async (tx) => {
        // Conditional: of two at once (a double click) one turns it on, the other is a 409.
        if (!(await tf.enableSecret(tx, userId, user.totpPending!, step)))
          throw new HttpError(409, 'Two-factor sign-in is on already; turn it off first');
        await tf.addSecurityEvent(tx, { userId, kind: 'two-factor-on', ip });
        return freshBackupCodes(tx, userId);
      });
      factorsChanged(userId);
      return { backupCodes };
    },

    /** Turns it off: the password and a current code (or a backup code). */
    async disable(userId: string, b: TTwoFactorConfirm, ip: string): Promise<{ message: string }> {
      const user = await userOf(userId);
      if (!user.totpEnabledAt) throw new HttpError(409, 'Two-factor sign-in is off already');
      await confirm(user, b, ip);
      await db.transaction(async (tx) => {
        await tf.clearSecret(tx, userId);
        await tf.addSecurityEvent(tx, { userId, kind: 'two-factor-off', ip });
      });
      factorsChanged(userId);
      return { message: 'Two-factor sign-in is off' };
    },

    /** Ten new backup codes (the old ones stop working): the password and a current code. */
    async newBackupCodes(userId: string, b: TTwoFactorConfirm, ip: string): Promise<TBackupCodes> {
      const user = await userOf(userId);
      if (!user.totpEnabledAt) throw new HttpError(409, 'Two-factor sign-in is off');
      await confirm(user, b, ip);
      const backupCodes = await db.transaction(async (tx) => {
        await tf.addSecurityEvent(tx, { userId, kind: 'backup-codes-new', ip });
        return freshBackupCodes(tx, userId);
      });
      return { backupCodes };
    },

    /**
     * A super's reset of a user who lost their phone and backup codes (after
     * checking who they are, outside the app): the second factor goes (TOTP
     * and every passkey), and
     * the user sees the entry, naming that someone else did it.
     */
    async reset(userId: string, byUserId: string, ip: string): Promise<{ message: string }> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw notFound('User not found');
      // Passkeys are a second factor too: the reset takes them as well.
      if (!user.totpEnabledAt && (await pk.countPasskeys(db, userId)) === 0)
        throw new HttpError(409, 'Two-factor sign-in is off already');
      await db.transaction(async (tx) => {
        await tf.clearSecret(tx, userId);
        await pk.deleteAllPasskeys(tx, userId);
        await tf.addSecurityEvent(tx, { userId, kind: 'two-factor-reset', ip, byUserId });
      });
      factorsChanged(userId);
      return { message: 'Two-factor sign-in is reset: the user signs in with the password alone' };
    },

    /** After the first factor: a challenge when the user has a second one (TOTP, passkeys), else null. */
    async challengeFor(
      user: repo.UserRow,
      factors: SecondFactor[],
    ): Promise<TSecondFactorNeeded | null> {
      const [first] = factors;
      if (!first) return null;
      const challenge = await issueToken(db, user.id, 'second-factor');
      return { secondFactor: first, factors, challenge };
    },

    /** The user a live challenge belongs to, or null. */
    async challengeUser(challenge: string) {
      const id = await repo.findLiveUserToken(db, sha(challenge), 'second-factor');
      return id ? repo.findUserById(db, id) : null;
    },

    /** Uses up the challenge once its code was right; false when another request did first. */
    consumeChallenge: async (challenge: string) =>
      (await repo.consumeUserToken(db, sha(challenge), 'second-factor')) !== null,

    takeCode,
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
