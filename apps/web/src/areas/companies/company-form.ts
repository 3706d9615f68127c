import type { UseFormReturnType } from '@mantine/form';
import { DEFAULT_TAX, type TCompany, type TCompanySave, type TTax } from '@fieldbook/core';

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
}

export type CompanyForm = UseFormReturnType<CompanyFormValues>;

export const DEFAULT_TIME_ZONE = 'Africa/Johannesburg';

export function emptyCompanyValues(): CompanyFormValues {
  return {
    companyName: '',
    EmailAddress: '',
    timeZone: DEFAULT_TIME_ZONE,
    numbering: 'INV00001',
    tax: { ...DEFAULT_TAX },
    useSmtp: false,
    smtp: { host: '', port: 587, secure: false, user: '', password: '' },
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
  };
}

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
  };
}

/** Every time zone the browser knows, with the current one first if it is unknown. */
export function timeZones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** The select value for 'no group' (a member with no group has no rights). */
export const NO_GROUP = 'none';

export function groupOptions(company: TCompany) {
  return [
    { value: NO_GROUP, label: 'No group' },
    ...company.userGroups.map((g) => ({ value: g._id, label: g.name })),
  ];
}
