import {
  type GroupRights,
  type MemberAccess,
  type TInvitation,
  type TInvitationAccepted,
  type TInvitationRegister,
  type TLoginResult,
} from '@fieldbook/core';
import { invalidateCompany, isOwner, may, mayGrant } from '../../platform/access.js';
import { hashPassword, newToken, sha256 } from '../../platform/crypto.js';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError } from '../../platform/errors.js';
import { findMember } from '../../platform/sessions.repo.js';
import * as users from './auth.repo.js';
import * as repo from './invitations.repo.js';

const LIFE_MS = 7 * 24 * 3600_000;
const invalid = () =>
  new HttpError(400, 'This invitation link is invalid, has expired or has already been used', {
    token: 'is invalid, has expired or has already been used',
  });

const inviterGone = () =>
  new HttpError(
    400,
    'This invitation can no longer be used: the person who sent it may no longer invite to this company. Please ask for a new one.',
    { token: 'was sent by someone who may no longer invite' },
  );

/**
 * Whether the inviter may still invite into the group now: an enabled member
 * with settings c who holds every right of the group, or the owner.
 */
function mayStillInvite(inviter: MemberAccess | null, rights: GroupRights | null): boolean {
  if (!inviter || inviter.disabled) return false;
  if (isOwner(inviter)) return true;
  return may(inviter, 'settings', 'c') && mayGrant(inviter, rights);
}

/**
 * Puts a user in a company; an existing membership (a disabled one too) is
 * left as it is. The companies area owns the memberships and offers it
 * (`joinCompany` on its face); the composition root hands it in, as the
 * companies area uses this one (it sends its invitations).
 */
export type JoinCompany = (
  tx: Tx,
  companyId: string,
  userId: string,
  groupId: string | null,
) => Promise<void>;

export interface InvitationToSend {
  companyId: string;
  companyName: string;
  groupId: string | null;
  inviterId: string;
  email: string;
  name: string;
  surname: string;
}

/**
 * Invitations are bound to their link (DECISIONS §2): nobody is looked up by
 * address. Whoever opens the link joins, signed in or by creating their
 * account on its page; an account made there has the invitation's address,
 * proved by the link.
 */
export function createInvitationsService(
  deps: Pick<AppDeps, 'database' | 'mailer' | 'caches' | 'events'>,
  link: (query: string) => string,
  startSession: (user: users.UserRow, clientId: string | undefined) => Promise<TLoginResult>,
  joinCompany: JoinCompany,
) {
  const db = deps.database.db;

  async function join(
    tx: Parameters<Parameters<typeof db.transaction>[0]>[0],
    tokenHash: string,
    userId: string,
  ) {
    const inv = await repo.consumeInvitation(tx, tokenHash, userId);
    if (!inv) throw invalid();
    // A member removed, disabled or stripped of rights since cannot let anyone in by an old link.
    const row = inv.invitedBy ? await findMember(tx, inv.companyId, inv.invitedBy) : null;
    const inviter = row && {
      isOwner: row.ownerId === inv.invitedBy,
      disabled: row.disabled,
      rights: row.rights,
    };
    if (!mayStillInvite(inviter, await repo.groupRights(tx, inv.groupId))) throw inviterGone();
    await joinCompany(tx, inv.companyId, userId, inv.groupId);
    return inv;
  }

  return {
    async send(v: InvitationToSend): Promise<void> {
      const t = newToken();
      await repo.insertInvitation(db, {
        tokenHash: t.hash,
        companyId: v.companyId,
        groupId: v.groupId,
        email: v.email,
        name: v.name,
        surname: v.surname,
        invitedBy: v.inviterId,
        expiresAt: new Date(Date.now() + LIFE_MS),
      });
      const inviter = await users.findUserById(db, v.inviterId);
      const who = inviter
        ? `${inviter.name} ${inviter.surname}`.trim() || inviter.username
        : 'A colleague';
      await deps.mailer.send({
        to: v.email,
        subject: `${who} invited you to ${v.companyName} on Fieldbook`,
        text:
          `Hello ${v.name},\n\n${who} invited you to work in ${v.companyName} on Fieldbook.\n\n` +
          `Open this link to join, with your Fieldbook account or a new one (it works once and expires in 7 days):\n` +
          `${link(`token=${t.token}`)}\n`,
      });
    },

    /** What the link's page shows before it is used. */
    async show(token: string): Promise<TInvitation> {
      const inv = await repo.findLiveInvitation(db, sha256(token));
      if (!inv) throw invalid();
      const who = `${inv.inviterName ?? ''} ${inv.inviterSurname ?? ''}`.trim();
      return {
        companyName: inv.companyName,
        invitedBy: who || inv.inviterUsername || 'A colleague',
        email: inv.email,
        name: inv.name,
        surname: inv.surname,
      };
    },

    /** The signed-in user opening the link joins (an account signs in only once active). */
    async accept(token: string, userId: string): Promise<TInvitationAccepted> {
      const inv = await db.transaction((tx) => join(tx, sha256(token), userId));
      invalidateCompany(deps, inv.companyId, userId);
      return { companyId: inv.companyId, companyName: await repo.companyName(db, inv.companyId) };
    },

    /** A new account made on the link's page: active, with the invitation's address, proved. */
    async register(b: TInvitationRegister): Promise<TLoginResult & TInvitationAccepted> {
      const tokenHash = sha256(b.token);
      const live = await repo.findLiveInvitation(db, tokenHash);
      if (!live) throw invalid();
      const passwordHash = await hashPassword(b.password);
      const { user, inv } = await db.transaction(async (tx) => {
        const user = await users.insertUserIfFree(tx, {
          username: b.username,
          email: live.email,
          emailProved: true,
          name: b.name,
          surname: b.surname,
          passwordHash,
          active: true,
        });
        if (!user)
          throw new HttpError(409, 'username is already taken', { username: 'is already taken' });
        return { user, inv: await join(tx, tokenHash, user.id) };
      });
      invalidateCompany(deps, inv.companyId, user.id);
      return {
        ...(await startSession(user, b.clientId)),
        companyId: inv.companyId,
        companyName: live.companyName,
      };
    },
  };
}
