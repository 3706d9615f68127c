import {
  DEFAULT_TAX,
  type MemberAccess,
  type TCompany,
  type TCompanySave,
  type TCompanySummary,
  type TGroupSave,
  type TInvite,
} from '@fieldbook/core';
import type { StoredPayfast, StoredSmtp } from '../../db/schema/index.js';
import { invalidateCompany, isUuid } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import * as users from '../auth/auth.repo.js';
import type { AuthService } from '../auth/auth.service.js';
import { deleteFile, insertFile } from '../files/files.repo.js';
import { templateUsable } from '../templates/template-usable.js';
import * as repo from './companies.repo.js';
import { presentCompany, presentGroup, presentSummary } from './companies.present.js';

export type CompaniesService = ReturnType<typeof createCompaniesService>;

export function createCompaniesService(deps: AppDeps, auth: AuthService) {
  const db = deps.database.db;

  async function requireGroup(companyId: string, groupId: string | null | undefined) {
    if (!groupId) return null;
    const g = isUuid(groupId) ? await repo.findGroup(db, companyId, groupId) : null;
    if (!g) throw badField('group', 'is not a group of this company');
    return g.id;
  }

  return {
    async listMine(userId: string): Promise<TCompanySummary[]> {
      return (await repo.listCompaniesOfUser(db, userId)).map((c) => presentSummary(c, userId));
    },

    async get(companyId: string, me: MemberAccess): Promise<TCompany> {
      const c = await repo.getCompany(db, companyId);
      if (!c) throw notFound('Company not found');
      const [members, groups] = await Promise.all([
        repo.listMembers(db, companyId),
        repo.listGroups(db, companyId),
      ]);
      return presentCompany(c, members, groups, me);
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
        if (logo) {
          const fileId = await insertFile(tx, { companyId: c.id, userId, ...logo });
          await repo.updateCompany(tx, c.id, { logo: fileId });
        }
        return { _id: c.id };
      });
    },

    async save(companyId: string, b: TCompanySave) {
      const c = await repo.getCompany(db, companyId);
      if (!c) throw notFound('Company not found');
      let smtp: StoredSmtp | null | undefined;
      if (b.smtp === null) smtp = null;
      else if (b.smtp) {
        const { password, ...rest } = b.smtp;
        // The password is write-only: empty or missing keeps the stored one.
        smtp = {
          ...rest,
          passwordSealed: password ? deps.sealer.seal(password) : (c.smtp?.passwordSealed ?? null),
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
        if (b.removeLogo && c.logo) await deleteFile(tx, c.logo);
      });
      return { _id: companyId };
    },

    async setLogo(companyId: string, userId: string, logo: { data: Buffer; contentType: string }) {
      return db.transaction(async (tx) => {
        const c = await repo.getCompany(tx, companyId);
        if (!c) throw notFound('Company not found');
        const fileId = await insertFile(tx, { companyId, userId, ...logo });
        await repo.updateCompany(tx, companyId, { logo: fileId });
        if (c.logo) await deleteFile(tx, c.logo);
        return { companyLogo: `/images/${fileId}` };
      });
    },

    async listGroups(companyId: string) {
      return (await repo.listGroups(db, companyId)).map(presentGroup);
    },

    async saveGroup(companyId: string, b: TGroupSave) {
      let id = b._id;
      if (id) {
        const ok = isUuid(id) && (await repo.updateGroup(db, companyId, id, b.name, b.rights));
        if (!ok) throw notFound('Group not found');
      } else id = await repo.insertGroup(db, companyId, b.name, b.rights);
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
    ) {
      const c = await repo.getCompany(db, companyId);
      if (!c) throw notFound('Company not found');
      if (!(await repo.findMembership(db, companyId, userId))) throw notFound('User not found');
      if (userId === c.userId && (b.disabled || b.group)) {
        throw new HttpError(400, 'The owner of the company always has every right', {
          userId: 'is the owner',
        });
      }
      const groupId = b.group === undefined ? undefined : await requireGroup(companyId, b.group);
      await repo.updateMember(db, companyId, userId, {
        ...(groupId !== undefined && { groupId }),
        ...(b.disabled !== undefined && { disabled: b.disabled }),
      });
      invalidateCompany(deps, companyId);
      return { message: 'Saved' };
    },

    /** Invite by e-mail: an existing account joins, otherwise one is made; either way a sign-in link goes out. */
    async invite(companyId: string, inviterId: string, b: TInvite) {
      const c = await repo.getCompany(db, companyId);
      if (!c) throw notFound('Company not found');
      const groupId = await requireGroup(companyId, b.group);
      const inviter = await users.findUserById(db, inviterId);
      const user = await db.transaction(async (tx) => {
        let u = await users.findUserByEmail(tx, b.email);
        if (!u) {
          const username = (await users.findUserByUsername(tx, b.email))
            ? `${b.email}.${Date.now().toString(36)}`
            : b.email;
          u = await users.insertUser(tx, {
            username,
            email: b.email,
            name: b.name,
            surname: b.surname,
            active: true,
          });
        }
        await repo.addMember(tx, companyId, u.id, groupId);
        return u;
      });
      invalidateCompany(deps, companyId);
      const link = await auth.loginLink(user.id);
      const who = inviter
        ? `${inviter.name} ${inviter.surname}`.trim() || inviter.username
        : 'A colleague';
      await deps.mailer.send({
        to: user.email,
        subject: `${who} invited you to ${c.companyName} on Fieldbook`,
        text:
          `Hello ${user.name || b.name},\n\n${who} invited you to work in ${c.companyName} on Fieldbook.\n\n` +
          `Sign in with this link (it works once and expires in 7 days):\n${link}\n\n` +
          `Your username is ${user.username}. To set a password, use "Forgot password?" on the sign-in page.`,
      });
      return { message: 'Invitation sent' };
    },
  };
}
