import type { TProfileSave, TUser } from '@fieldbook/core';
import { sha256 } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, notFound } from '../../platform/errors.js';
import { KeyedLimiter } from '../../platform/rate-limit.js';
import * as repo from './auth.repo.js';
import { presentUser } from './auth.present.js';
import { issueToken } from './tokens.js';

/**
 * The user's own profile. A new e-mail address takes effect only once the link
 * sent to it is used (DECISIONS §2); until then the old address stays.
 */
export function createProfileService(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'caches' | 'events'>,
  link: (query: string) => string,
) {
  const db = deps.database.db;
  // Confirmation mails per user: enough for typos, too few to mail-bomb an address.
  const confirmationsByUser = new KeyedLimiter(5, 3600_000);

  const present = async (u: repo.UserRow): Promise<TUser> =>
    presentUser(u, await repo.findPendingEmail(db, u.id));

  async function requestEmailChange(u: repo.UserRow, email: string): Promise<void> {
    if (!confirmationsByUser.hit(u.id))
      throw new HttpError(429, 'Too many e-mail changes; please try again in an hour.', {
        email: 'was changed too often; please try again in an hour',
      });
    const token = await db.transaction(async (tx) => {
      // Only the newest request counts: older links die.
      await repo.expireUserTokens(tx, u.id, 'email');
      return issueToken(tx, u.id, 'email', email);
    });
    await deps.mailer.send({
      to: email,
      subject: 'Confirm your new Fieldbook e-mail address',
      text:
        `Hello ${u.name},\n\nThe Fieldbook account "${u.username}" asked to use this e-mail address.\n\n` +
        `Confirm it with this link:\n${link(`token=${token}`)}\n\n` +
        'The link works once and expires in 24 hours. Until it is used, the account keeps its old address. ' +
        'If you did not ask for this, ignore this e-mail.',
    });
  }

  return {
    async profile(userId: string): Promise<TUser> {
      const u = await repo.findUserById(db, userId);
      if (!u) throw notFound('User not found');
      return present(u);
    },

    async saveProfile(userId: string, b: TProfileSave): Promise<TUser> {
      const u = await repo.updateUser(db, userId, { name: b.name, surname: b.surname });
      if (!u) throw notFound('User not found');
      if (b.email.toLowerCase() !== u.email.toLowerCase()) await requestEmailChange(u, b.email);
      // Saving the current address again withdraws a change that was waiting.
      else await repo.expireUserTokens(db, u.id, 'email');
      return present(u);
    },

    /** The link sent to a new address: the address becomes the account's, proved. */
    async confirmEmail(token: string): Promise<{ message: string }> {
      const row = await db.transaction(async (tx) => {
        const t = await repo.consumeUserTokenRow(tx, sha256(token), 'email');
        if (!t?.email) return null;
        await repo.updateUser(tx, t.userId, { email: t.email, emailProved: true });
        return t;
      });
      if (!row)
        throw new HttpError(400, 'This confirmation link is invalid or has expired', {
          token: 'is invalid or has expired',
        });
      return { message: `Your e-mail address is now ${row.email}.` };
    },
  };
}
