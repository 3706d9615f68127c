import {
  DEFAULT_TAX,
  type TCompany,
  type TCompanySave,
  type TCompanySummary,
  type TGroupSave,
  type TInvite,
} from '@fieldbook/core';
import type { StoredPayfast, StoredSmtp } from './companies.repo.js';
import { invalidateCompany, isUuid, may, userOf, type Caller } from '../../platform/access.js';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { outboundHostAllowed } from '../../platform/outbound-guard.js';
import { withdrawUnusedInvitations, type AuthService } from '../auth/index.js';
import { userHasSecondFactor } from '../../platform/sessions.repo.js';
import { deleteCompanyFile, storeFile } from '../files/index.js';
import * as repo from './companies.repo.js';
import {
  REQUIRE_OWN_FACTOR_FIRST,
  assertMayCreateGroup,
  assertMayGrant,
  assertOwnerOnlyUnchanged,
} from './grant-rules.js';
import { presentCompany, presentGroup, presentSummary } from './companies.present.js';

export type CompaniesService = ReturnType<typeof createCompaniesService>;

/**
 * What the companies area asks of other areas, wired in the composition root
 * (src/compose.ts): the areas below import the companies area, so it never
 * imports them.
 */
export interface CompaniesNeeds {
  /** delivery: counts `n` e-mails against the company's hourly limit; null when over it. */
  countSends(tx: Tx, companyId: string, n: number, limit: number): Promise<unknown>;
  /** jobs: the job types a new company starts with. */
  installDefaultTypes(tx: Tx, companyId: string): Promise<void>;
  /** templates: whether the company may use template `id` for `use`. */
  templateUsable(
    db: Tx,
    companyId: string,
    id: string,
    use: 'invoice' | 'statement',
  ): Promise<boolean>;
}

export function createCompaniesService(
  deps: Pick<AppDeps, 'database' | 'sealer' | 'mailer' | 'caches' | 'config' | 'events'>,
  auth: AuthService,
  needs: CompaniesNeeds,
) {
  const { countSends, installDefaultTypes, templateUsable } = needs;
  const db = deps.database.db;
  const logoQuota = () => ({ quotaBytes: deps.config.storageQuotaBytes, field: 'logo' });

  /** The group's id; putting someone in it grants its rights, so `me` must hold them. */
  async function requireGroup(companyId: string, groupId: string | null | undefined, me: Caller) {
    if (!groupId) return null;
    const g = isUuid(groupId) ? await repo.findGroup(db, companyId, groupId) : null;
    if (!g) throw badField('group', 'is not a group of this company');
    assertMayGrant(me, g.rights);
    return g.id;
  }

  return {
    async listMine(userId: string): Promise<TCompanySummary[]> {
      return (await repo.listCompaniesOfUser(db, userId)).map((c) => presentSummary(c, userId));
    },

    async get(companyId: string, me: Caller): Promise<TCompany> {
      const c = await repo.getCompany(db, companyId);
      if (!c) throw notFound('Company not found');
      const [members, groups] = await Promise.all([
        repo.listMembers(db, companyId),
        repo.listGroups(db, companyId),
      ]);
      return presentCompany(c, members, groups, me.member, may(me, 'settings', 'r'));
    },

    /** Create a company; its creator is the owner and its first member. */
    async create(
      userId: string,
      companyName: string,
      logo: { data: Buffer; contentType: string } | null,
    ) {
      return db.transaction(async (tx) => {
        const c = await repo.insertCompany(tx, { companyName, userId, tax: DEFAULT_TAX });
        await repo.addMember(tx, c.id, userId, null);
        // Every company starts with the default job types (Meeting, Booking).
        await installDefaultTypes(tx, c.id);
        if (logo) {
          const fileId = await storeFile(tx, logoQuota(), { companyId: c.id, userId, ...logo });
          await repo.updateCompany(tx, c.id, { logo: fileId });
        }
        return { _id: c.id };
      });
    },

    async save(companyId: string, b: TCompanySave, me: Caller) {
      const c = await repo.getCompany(db, companyId);
      if (!c) throw notFound('Company not found');
      assertOwnerOnlyUnchanged(me, c, b);
      const policyChanged =
        b.requireTwoFactor !== undefined && b.requireTwoFactor !== c.requireTwoFactor;
      // The owner cannot lock themselves out: it goes on only with their own second factor.
      if (b.requireTwoFactor && policyChanged && !(await userHasSecondFactor(db, userOf(me))))
        throw new HttpError(409, REQUIRE_OWN_FACTOR_FIRST);
      let smtp: StoredSmtp | null | undefined;
      if (b.smtp === null) smtp = null;
      else if (b.smtp) {
        const { password, ...rest } = b.smtp;
        const old = c.smtp;
        const sameServer =
          !!old && old.host === rest.host && old.port === rest.port && old.user === rest.user;
        if (!sameServer && !(await outboundHostAllowed(rest.host, deps.config.companySmtp)))
          throw badField('smtp.host', 'is a private or local network address');
        // The password is write-only: empty or missing keeps the stored one, but only
        // for the same server and user; otherwise it would be sent wherever the host points.
        smtp = {
          ...rest,
          passwordSealed: password
            ? deps.sealer.seal(password)
            : sameServer
              ? (old.passwordSealed ?? null)
              : null,
        };
      }
      let payfast: StoredPayfast | null | undefined;
      if (b.payfast === null) payfast = null;
      else if (b.payfast) {
        const { passphrase, ...rest } = b.payfast;
        payfast = {
          ...rest,
          passphraseSealed: passphrase
            ? deps.sealer.seal(passphrase)
            : (c.payfast?.passphraseSealed ?? null),
        };
      }
      const templateIds: Record<string, string | null> = {};
      for (const [key, use] of [
        ['invoiceTemplateId', 'invoice'],
        ['quoteTemplateId', 'invoice'],
        ['statementTemplateId', 'statement'],
      ] as const) {
        const v = b[key];
        // Unchanged ids are not checked again: a shared template withdrawn since
        // must not block saving the rest (documents then print with the shipped one).
        if (v === undefined || v === c[key]) continue;
        if (v && !(await templateUsable(db, companyId, v, use)))
          throw badField(key, `is not one of your ${use} templates`);
        templateIds[key] = v || null;
      }
      await db.transaction(async (tx) => {
        await repo.updateCompany(tx, companyId, {
          companyName: b.companyName,
          ...(b.address !== undefined && { address: b.address }),
          ...(b.phone !== undefined && { phone: b.phone }),
          ...(b.portalLinkDays !== undefined && { portalLinkDays: b.portalLinkDays }),
          ...(b.portalInEmails !== undefined && { portalInEmails: b.portalInEmails }),
          ...(policyChanged && { requireTwoFactor: b.requireTwoFactor }),
          ...(b.quoteAcceptAction !== undefined && { quoteAcceptAction: b.quoteAcceptAction }),
          ...(b.quoteAcceptJobTypeId !== undefined && {
            quoteAcceptJobTypeId: b.quoteAcceptJobTypeId?.toLowerCase() || null,
          }),
          ...(b.quoteTerms !== undefined && { quoteTerms: b.quoteTerms }),
          ...(payfast !== undefined && { payfast }),
          ...(b.hideInvoiceLabel !== undefined && { hideInvoiceLabel: b.hideInvoiceLabel }),
          ...templateIds,
          ...(b.tax && { tax: b.tax }),
          ...(b.EmailAddress !== undefined && { emailAddress: b.EmailAddress }),
          ...(smtp !== undefined && { smtp }),
          ...(b.numbering && { numbering: b.numbering }),
          ...(b.timeZone && { timeZone: b.timeZone }),
          ...(b.removeLogo && { logo: null }),
        });
        if (b.removeLogo && c.logo) await deleteCompanyFile(tx, c.id, c.logo);
      });
      // Every member's access follows at once, on every process.
      if (policyChanged) invalidateCompany(deps, companyId);
      return { _id: companyId };
    },

    async setLogo(companyId: string, userId: string, logo: { data: Buffer; contentType: string }) {
      return db.transaction(async (tx) => {
        const c = await repo.getCompany(tx, companyId);
        if (!c) throw notFound('Company not found');
        const fileId = await storeFile(tx, logoQuota(), { companyId, userId, ...logo });
        await repo.updateCompany(tx, companyId, { logo: fileId });
        if (c.logo) await deleteCompanyFile(tx, c.id, c.logo);
        return { companyLogo: `/images/${fileId}` };
      });
    },

    async listGroups(companyId: string) {
      return (await repo.listGroups(db, companyId)).map(presentGroup);
    },

    async saveGroup(companyId: string, b: TGroupSave, me: Caller) {
      let id = b._id;
      if (id) {
        const before = isUuid(id) ? await repo.findGroup(db, companyId, id) : null;
        if (!before) throw notFound('Group not found');
        assertMayGrant(me, b.rights, before.rights);
        if (!(await repo.updateGroup(db, companyId, id, b.name, b.rights)))
          throw notFound('Group not found');
      } else {
        assertMayCreateGroup(me);
        assertMayGrant(me, b.rights);
        id = await repo.insertGroup(db, companyId, b.name, b.rights);
      }
      invalidateCompany(deps, companyId);
      return { _id: id };
    },

    async deleteGroup(companyId: string, groupId: string) {
      if (!(await repo.deleteGroup(db, companyId, groupId))) throw notFound('Group not found');
      invalidateCompany(deps, companyId);
      return { message: 'Deleted' };
    },

    async saveMember(
      companyId: string,
      userId: string,
      b: { group?: string | null; disabled?: boolean },
      me: Caller,
    ) {
      const c = await repo.getCompany(db, companyId);
      if (!c) throw notFound('Company not found');
      if (!(await repo.findMembership(db, companyId, userId))) throw notFound('User not found');
      if (userId === c.userId && (b.disabled || b.group)) {
        throw new HttpError(400, 'The owner of the company always has every right', {
          userId: 'is the owner',
        });
      }
      const groupId =
        b.group === undefined ? undefined : await requireGroup(companyId, b.group, me);
      const patch = {
        ...(groupId !== undefined && { groupId }),
        ...(b.disabled !== undefined && { disabled: b.disabled }),
      };
      // Nothing to change (an empty body) saves nothing.
      if (Object.keys(patch).length === 0) return { message: 'Saved' };
      await db.transaction(async (tx) => {
        await repo.updateMember(tx, companyId, userId, patch);
        // A disabled member's invitations go with their access.
        if (patch.disabled) await withdrawUnusedInvitations(tx, companyId, userId);
      });
      invalidateCompany(deps, companyId, userId);
      return { message: 'Saved' };
    },

    /**
     * Take a member out of the company, never its owner, with the invitations
     * they sent that are still unused; at once on every server process, their
     * sockets included.
     */
    async removeMember(companyId: string, userId: string) {
      const c = await repo.getCompany(db, companyId);
      if (c?.userId === userId)
        throw new HttpError(400, 'The owner of the company cannot be removed', {
          userId: 'is the owner',
        });
      const removed = await db.transaction(async (tx) => {
        if (!(await repo.deleteMember(tx, companyId, userId))) return false;
        await withdrawUnusedInvitations(tx, companyId, userId);
        return true;
      });
      if (!removed) throw notFound('User not found');
      invalidateCompany(deps, companyId, userId);
      return { message: 'Removed' };
    },

    /** Invite by e-mail: the link joins whoever opens it (DECISIONS §2). */
    async invite(companyId: string, inviterId: string, b: TInvite, me: Caller) {
      const c = await repo.getCompany(db, companyId);
      if (!c) throw notFound('Company not found');
      const groupId = await requireGroup(companyId, b.group, me);
      // An invitation is an e-mail too: it counts in the company's hourly limit.
      await countSends(db, companyId, 1, deps.config.sendsPerHour);
      await auth.invite({
        companyId,
        companyName: c.companyName,
        groupId,
        inviterId,
        email: b.email,
        name: b.name,
        surname: b.surname,
      });
      return { message: 'Invitation sent' };
    },
  };
}
