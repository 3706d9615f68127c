import { z } from 'zod';
import { AREAS } from '../access.js';
import { ZEmail, text } from './common.js';
import { QUOTE_ACCEPT_ACTIONS } from './portal.js';

/** Tax settings of a company, copied onto each document (spec §3, DECISIONS §3). */
export const ZTax = z.object({
  hasTax: z.boolean(),
  tD: z.string().trim().max(30),
  tV: z.number().min(0).max(100),
  inc1: z.boolean(),
  duc1: z.boolean(),
  hasSecondTax: z.boolean(),
  t2D: z.string().trim().max(30),
  t2V: z.number().min(0).max(100),
  inc2: z.boolean(),
  duc2: z.boolean(),
  taxNumber: z.string().trim().max(40).optional(),
});
export type TTax = z.infer<typeof ZTax>;

/** Default tax: off, VAT 15 % inclusive; second tax PST 5 % (spec §9). */
export const DEFAULT_TAX: TTax = {
  hasTax: false,
  tD: 'VAT',
  tV: 15,
  inc1: true,
  duc1: false,
  hasSecondTax: false,
  t2D: 'PST',
  t2V: 5,
  inc2: false,
  duc2: false,
  taxNumber: '',
};

/** VAT at 15 %, switched on and added to the price unless `over` says otherwise. */
export const vatTax = (over: Partial<TTax> = {}): TTax => ({
  ...DEFAULT_TAX,
  hasTax: true,
  inc1: false,
  ...over,
});

export const NUMBERING_PRESETS = ['INV00001', 'DDMMYYYY', 'DDMMYYYY-1'] as const;
export const ZNumbering = z.enum(NUMBERING_PRESETS);

const flags = z.object({
  c: z.boolean().optional(),
  r: z.boolean().optional(),
  u: z.boolean().optional(),
  d: z.boolean().optional(),
});
export const ZRights = z.partialRecord(z.enum(AREAS), flags);

/** SMTP server of the company's own; the password is write-only. */
export const ZSmtpSave = z.object({
  /** A host name or an IP address (IPv6 may be in brackets). */
  host: z
    .string()
    .trim()
    .max(253)
    .regex(
      /^(|[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?|\[?[0-9A-Fa-f:.]+\]?)$/,
      'must be a host name or an IP address',
    ),
  port: z.number().int().min(1).max(65535),
  secure: z.boolean(),
  user: z.string().trim().max(200),
  /** Omit (or send empty) to keep the stored password. */
  password: z.string().max(500).optional(),
});

/** PayFast merchant settings; the passphrase is write-only. */
export const ZPayfastSave = z.object({
  merchantId: z
    .string()
    .trim()
    .regex(/^\d{1,20}$/, 'must be the merchant id (digits)'),
  merchantKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,40}$/, 'must be the merchant key'),
  /** Omit (or send empty) to keep the stored passphrase. */
  passphrase: z.string().max(100).optional(),
  sandbox: z.boolean(),
});

/** A chosen template: absent keeps it, null or '' goes back to the shipped one. */
const templateRef = z.string().max(64).nullable().optional();

const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be a time zone such as Africa/Johannesburg');

/** `POST /companies/{id}`: fields that may be changed (others are ignored). */
export const ZCompanySave = z.object({
  companyName: text(120),
  tax: ZTax.optional(),
  EmailAddress: z.union([z.literal(''), ZEmail]).optional(),
  smtp: ZSmtpSave.nullable().optional(),
  numbering: ZNumbering.optional(),
  timeZone: timeZone.optional(),
  removeLogo: z.boolean().optional(),
  address: z.string().trim().max(500).optional(),
  phone: z.string().trim().max(40).optional(),
  /** What a quote accepted in the portal does: tell staff, or also invoice it, or make a job. */
  quoteAcceptAction: z
    .enum(QUOTE_ACCEPT_ACTIONS, { error: 'must be notify, invoice or job' })
    .optional(),
  /** The job type an accepted quote's job is made of (the company's first type when gone). */
  quoteAcceptJobTypeId: z
    .union([z.literal(''), z.uuid({ error: 'is not a job type' })])
    .nullable()
    .optional(),
  /** Terms a client accepts with a quote in the portal; empty for none. */
  quoteTerms: z.string().trim().max(5000).optional(),
  /** How long a client portal link works, in days (docs/portal.md). */
  portalLinkDays: z
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(3650, 'must be at most 3650')
    .optional(),
  /** Invoice and quote mails carry the client's portal link (docs/portal.md). */
  portalInEmails: z.boolean().optional(),
  /** Members must use two-factor sign-in to reach the company (the owner's alone; docs/auth.md). */
  requireTwoFactor: z.boolean().optional(),
  payfast: ZPayfastSave.nullable().optional(),
  hideInvoiceLabel: z.boolean().optional(),
  invoiceTemplateId: templateRef,
  quoteTemplateId: templateRef,
  statementTemplateId: templateRef,
});
export type TCompanySave = z.infer<typeof ZCompanySave>;

export const ZGroupSave = z.object({
  _id: z.string().optional(),
  name: text(60),
  rights: ZRights,
});
export type TGroupSave = z.infer<typeof ZGroupSave>;

export const ZMemberSave = z.object({
  group: z.string().nullable().optional(),
  disabled: z.boolean().optional(),
});

export const ZInvite = z.object({
  companyId: z.string().min(1, 'is required'),
  email: ZEmail,
  name: text(100),
  surname: text(100),
  group: z.string().nullable().optional(),
});
export type TInvite = z.infer<typeof ZInvite>;

export const ZCompanyUser = z.object({
  userId: z.string(),
  name: z.string(),
  surname: z.string(),
  /** Only to a caller who may read settings (docs/access.md). */
  emailAddress: z.string().optional(),
  group: z.string().nullable(),
  disabled: z.boolean(),
  isOwner: z.boolean(),
  /** Two-factor sign-in is on for this member (docs/auth.md). */
  twoFactor: z.boolean(),
});
export const ZCompanyGroup = z.object({ _id: z.string(), name: z.string(), rights: ZRights });

/** A company as its members see it. Secrets never leave the server. */
export const ZCompany = z.object({
  _id: z.string(),
  companyName: z.string(),
  companyLogo: z.string().nullable(),
  userId: z.string(),
  tax: ZTax,
  EmailAddress: z.string(),
  /** Null when there is none, or for a caller who may not read settings. */
  smtp: z
    .object({
      host: z.string(),
      port: z.number(),
      secure: z.boolean(),
      user: z.string(),
      hasPassword: z.boolean(),
    })
    .nullable(),
  numbering: ZNumbering,
  timeZone: z.string(),
  address: z.string(),
  phone: z.string(),
  portalLinkDays: z.number(),
  portalInEmails: z.boolean(),
  requireTwoFactor: z.boolean(),
  quoteAcceptAction: z.enum(QUOTE_ACCEPT_ACTIONS),
  quoteAcceptJobTypeId: z.string().nullable(),
  quoteTerms: z.string(),
  /** Null when there is none, or for a caller who may not read settings. */
  payfast: z
    .object({
      merchantId: z.string(),
      merchantKey: z.string(),
      sandbox: z.boolean(),
      hasPassphrase: z.boolean(),
    })
    .nullable(),
  hideInvoiceLabel: z.boolean(),
  invoiceTemplateId: z.string().nullable(),
  quoteTemplateId: z.string().nullable(),
  statementTemplateId: z.string().nullable(),
  users: z.array(ZCompanyUser),
  userGroups: z.array(ZCompanyGroup),
  /** The calling user's own access in this company. */
  me: z.object({ isOwner: z.boolean(), disabled: z.boolean(), rights: ZRights.nullable() }),
});
export type TCompany = z.infer<typeof ZCompany>;
export type TCompanyUser = z.infer<typeof ZCompanyUser>;
export type TCompanyGroup = z.infer<typeof ZCompanyGroup>;

export const ZCompanySummary = z.object({
  _id: z.string(),
  companyName: z.string(),
  companyLogo: z.string().nullable(),
  isOwner: z.boolean(),
  /** Members need a second factor to reach it (the app sends them to set one up). */
  requireTwoFactor: z.boolean(),
});
export type TCompanySummary = z.infer<typeof ZCompanySummary>;
