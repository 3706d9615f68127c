import { AREAS, FLAGS, onlyGranted, type GroupRights, type TApiTokenCreate } from '@fieldbook/core';
import { AREA_LABELS, FLAG_LABELS, rightsValues, type RightsValues } from '../../ui/rights-grid';

/** The lifetimes offered (docs/api.md); the value is days, or `never`. */
export const EXPIRY_CHOICES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiry' },
];

export interface ApiTokenValues {
  name: string;
  expires: string;
  rights: RightsValues;
}

export const initialTokenValues = (): ApiTokenValues => ({
  name: '',
  expires: '30',
  rights: rightsValues(null),
});

/** The form's own rules, before the server's: a name, and at least one right. */
export function tokenErrors(v: ApiTokenValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.name.trim()) errors.name = 'Token name is required';
  else if (v.name.trim().length > 60) errors.name = 'Token name is at most 60 characters';
  if (!Object.keys(onlyGranted(v.rights)).length)
    errors.rights = 'Give the token at least one right';
  return errors;
}

/** What the form sends: the name trimmed, days or null, only the rights turned on. */
export function tokenBody(v: ApiTokenValues): TApiTokenCreate {
  return {
    name: v.name.trim(),
    expiresInDays: v.expires === 'never' ? null : Number(v.expires),
    rights: onlyGranted(v.rights),
  };
}

/** A token's rights in words: "Invoices: read, update · Clients: read". */
export function rightsSummary(rights: GroupRights): string {
  return AREAS.filter((a) => FLAGS.some((f) => rights[a]?.[f]))
    .map(
      (a) =>
        `${AREA_LABELS[a]}: ${FLAGS.filter((f) => rights[a]?.[f])
          .map((f) => FLAG_LABELS[f].toLowerCase())
          .join(', ')}`,
    )
    .join(' · ');
}
