import type { MemberAccess, TCompany, TCompanyGroup, TCompanySummary } from '@fieldbook/core';
import { imagePath } from '../auth/index.js';
import type { CompanyRow, GroupRow, listCompaniesOfUser, listMembers } from './companies.repo.js';

type MemberListRow = Awaited<ReturnType<typeof listMembers>>[number];
type SummaryRow = Awaited<ReturnType<typeof listCompaniesOfUser>>[number];

export const presentGroup = (g: GroupRow): TCompanyGroup => ({
  _id: g.id,
  name: g.name,
  rights: g.rights,
});

export function presentSummary(c: SummaryRow, userId: string): TCompanySummary {
  return {
    _id: c.id,
    companyName: c.companyName,
    companyLogo: imagePath(c.logo),
    isOwner: c.ownerId === userId,
    requireTwoFactor: c.requireTwoFactor,
  };
}

/**
 * The company for its members; secrets leave only as "is there one". The
 * members' e-mail addresses and the PayFast and SMTP identifiers only to a
 * caller who may read settings (docs/access.md): a member without, or a
 * narrow API token, gets no `emailAddress` and `smtp`, `payfast` null.
 */
export function presentCompany(
  c: CompanyRow,
  members: MemberListRow[],
  groups: GroupRow[],
  me: MemberAccess,
  seesSettings: boolean,
): TCompany {
  return {
    _id: c.id,
    companyName: c.companyName,
    companyLogo: imagePath(c.logo),
    userId: c.userId,
    tax: c.tax,
    EmailAddress: c.emailAddress,
    smtp:
      c.smtp && seesSettings
        ? {
            host: c.smtp.host,
            port: c.smtp.port,
            secure: c.smtp.secure,
            user: c.smtp.user,
            hasPassword: !!c.smtp.passwordSealed,
          }
        : null,
    numbering: c.numbering as TCompany['numbering'],
    timeZone: c.timeZone,
    address: c.address,
    phone: c.phone,
    portalLinkDays: c.portalLinkDays,
    portalInEmails: c.portalInEmails,
    requireTwoFactor: c.requireTwoFactor,
    quoteAcceptAction: c.quoteAcceptAction,
    quoteAcceptJobTypeId: c.quoteAcceptJobTypeId,
    quoteTerms: c.quoteTerms,
    payfast:
      c.payfast && seesSettings
        ? {
            merchantId: c.payfast.merchantId,
            merchantKey: c.payfast.merchantKey,
            sandbox: c.payfast.sandbox,
            hasPassphrase: !!c.payfast.passphraseSealed,
          }
        : null,
    hideInvoiceLabel: c.hideInvoiceLabel,
    invoiceTemplateId: c.invoiceTemplateId,
    quoteTemplateId: c.quoteTemplateId,
    statementTemplateId: c.statementTemplateId,
    users: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      surname: m.surname,
      ...(seesSettings && { emailAddress: m.email }),
      group: m.groupId,
      disabled: m.disabled,
      isOwner: m.userId === c.userId,
      twoFactor: m.twoFactor,
    })),
    userGroups: groups.map(presentGroup),
    me,
  };
}
