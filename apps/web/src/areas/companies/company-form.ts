import type { UseFormReturnType } from '@mantine/form';
import {
  AREAS,
  DEFAULT_TAX,
  FLAGS,
  can,
  type GroupRights,
  type MemberAccess,
  DEFAULT_TIME_ZONE,
  type TCompany,
  type TCompanySave,
  type TTax,
} from '@fieldbook/core';

type Numbering = NonNullable<TCompanySave['numbering']>;

/** The company settings form: General, Tax and E-mail server in one document. */
export interface CompanyFormValues {
  companyName: string;
  EmailAddress: string;
  timeZone: string;
  numbering: Numbering;
  tax: TTax;
  useSmtp: boolean;
  smtp: { host: string; port: number | string; secure: boolean; user: string; password: string };
  address: string;
  phone: string;
  /** How long a client portal link works, in days (docs/portal.md). */
  portalLinkDays: number | string;
  /** Invoice and quote mails carry the client's portal link. */
  portalInEmails: boolean;
  /** Members must use two-factor sign-in (the owner's alone; docs/auth.md). */
  requireTwoFactor: boolean;
  /** What a quote accepted in the portal does. */
  quoteAcceptAction: 'notify' | 'invoice' | 'job';
  /** The job type of an accepted quote's job; '' for the company's first type. */
  quoteAcceptJobTypeId: string;
  /** Terms a client accepts with a quote in the portal. */
  quoteTerms: string;
  usePayfast: boolean;
  /** The passphrase is write-only: empty keeps the stored one. */
  payfast: { merchantId: string; merchantKey: string; passphrase: string; sandbox: boolean };
  hideInvoiceLabel: boolean;
  /** The chosen templates; SHIPPED means the one that comes with Fieldbook. */
  invoiceTemplateId: string;
  quoteTemplateId: string;
  statementTemplateId: string;
}

/** The select value for "the shipped template" (stored as none chosen). */
export const SHIPPED = 'shipped';

export type CompanyForm = UseFormReturnType<CompanyFormValues>;

export function emptyCompanyValues(): CompanyFormValues {
  return {
    companyName: '',
    EmailAddress: '',
    timeZone: DEFAULT_TIME_ZONE,
    numbering: 'INV00001',
    tax: { ...DEFAULT_TAX },
    useSmtp: false,
    smtp: { host: '', port: 587, secure: false, user: '', password: '' },
    address: '',
    phone: '',
    portalLinkDays: 90,
    portalInEmails: false,
    requireTwoFactor: false,
    quoteAcceptAction: 'notify',
    quoteAcceptJobTypeId: '',
    quoteTerms: '',
    usePayfast: false,
    payfast: { merchantId: '', merchantKey: '', passphrase: '', sandbox: false },
    hideInvoiceLabel: false,
    invoiceTemplateId: SHIPPED,
    quoteTemplateId: SHIPPED,
    statementTemplateId: SHIPPED,
  };
}

export function companyToValues(c: TCompany): CompanyFormValues {
  const empty = emptyCompanyValues();
  return {
    companyName: c.companyName,
    EmailAddress: c.EmailAddress ?? '',
    timeZone: c.timeZone || DEFAULT_TIME_ZONE,
    numbering: c.numbering,
    tax: { ...DEFAULT_TAX, ...c.tax, taxNumber: c.tax.taxNumber ?? '' },
    useSmtp: !!c.smtp,
    smtp: c.smtp
      ? {
          host: c.smtp.host,
          port: c.smtp.port,
          secure: c.smtp.secure,
          user: c.smtp.user,
          password: '',
        }
      : empty.smtp,
    address: c.address ?? '',
    phone: c.phone ?? '',
    portalLinkDays: c.portalLinkDays ?? 90,
    portalInEmails: c.portalInEmails ?? false,
    requireTwoFactor: c.requireTwoFactor ?? false,
    quoteAcceptAction: c.quoteAcceptAction ?? 'notify',
    quoteAcceptJobTypeId: c.quoteAcceptJobTypeId ?? '',
    quoteTerms: c.quoteTerms ?? '',
    usePayfast: !!c.payfast,
    payfast: c.payfast
      ? {
          merchantId: c.payfast.merchantId,
          merchantKey: c.payfast.merchantKey,
          passphrase: '',
          sandbox: c.payfast.sandbox,
        }
      : empty.payfast,
    hideInvoiceLabel: !!c.hideInvoiceLabel,
    invoiceTemplateId: c.invoiceTemplateId ?? SHIPPED,
    quoteTemplateId: c.quoteTemplateId ?? SHIPPED,
    statementTemplateId: c.statementTemplateId ?? SHIPPED,
  };
}

const chosen = (id: string) => (id === SHIPPED ? null : id);

/** The body of `POST /companies/{id}`; an empty password keeps the stored one. */
export function valuesToSave(v: CompanyFormValues): TCompanySave {
  return {
    companyName: v.companyName.trim(),
    EmailAddress: v.EmailAddress.trim(),
    timeZone: v.timeZone,
    numbering: v.numbering,
    tax: { ...v.tax, tV: Number(v.tax.tV) || 0, t2V: Number(v.tax.t2V) || 0 },
    smtp: v.useSmtp
      ? {
          host: v.smtp.host.trim(),
          port: Number(v.smtp.port) || 587,
          secure: v.smtp.secure,
          user: v.smtp.user.trim(),
          ...(v.smtp.password ? { password: v.smtp.password } : {}),
        }
      : null,
    address: v.address.trim(),
    phone: v.phone.trim(),
    // An empty box goes as null, so the server refuses it naming the field.
    portalLinkDays:
      v.portalLinkDays === '' ? (null as unknown as number) : Number(v.portalLinkDays),
    portalInEmails: v.portalInEmails,
    requireTwoFactor: v.requireTwoFactor,
    quoteAcceptAction: v.quoteAcceptAction,
    quoteAcceptJobTypeId: v.quoteAcceptJobTypeId || null,
    quoteTerms: v.quoteTerms.trim(),
    payfast: v.usePayfast
      ? {
          merchantId: v.payfast.merchantId.trim(),
          merchantKey: v.payfast.merchantKey.trim(),
          sandbox: v.payfast.sandbox,
          ...(v.payfast.passphrase ? { passphrase: v.payfast.passphrase } : {}),
        }
      : null,
    hideInvoiceLabel: v.hideInvoiceLabel,
    invoiceTemplateId: chosen(v.invoiceTemplateId),
    quoteTemplateId: chosen(v.quoteTemplateId),
    statementTemplateId: chosen(v.statementTemplateId),
  };
}

/** The settings tab that shows a form path, so a refused save can open it. */
export function tabOfField(path: string): string {
  if (path.startsWith('tax')) return 'tax';
  if (path.startsWith('smtp') || path === 'useSmtp') return 'email';
  if (path.startsWith('payfast') || path === 'hideInvoiceLabel') return 'payments';
  if (path.endsWith('TemplateId')) return 'documents';
  return 'general';
}

/** Every time zone the browser knows, with the current one first if it is unknown. */
export function timeZones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** The select value for 'no group' (a member with no group has no rights). */
export const NO_GROUP = 'none';

/** Whether `me` may hand out these rights: only rights one holds (DECISIONS §2). */
export function mayGrant(me: MemberAccess, rights: GroupRights): boolean {
  return (
    me.isOwner || AREAS.every((a) => FLAGS.every((f) => rights[a]?.[f] !== true || can(me, a, f)))
  );
}

/** The groups to choose from; one granting rights the user lacks is shown but disabled. */
export function groupOptions(company: TCompany, current: string | null = null) {
  return [
    { value: NO_GROUP, label: 'No group' },
    ...company.userGroups.map((g) => ({
      value: g._id,
      label: g.name,
      disabled: g._id !== current && !mayGrant(company.me, g.rights),
    })),
  ];
}

/**
 * The save body as this user may send it: PayFast and the SMTP server are the
 * owner's alone, so a member's save leaves them out (the server keeps them).
 */
export function saveBodyFor(company: TCompany, v: CompanyFormValues): TCompanySave {
  const body = valuesToSave(v);
  if (company.me.isOwner) return body;
  delete body.smtp;
  delete body.payfast;
  return body;
}
