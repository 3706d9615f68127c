import { PERSON_TYPES, type TPerson } from '@fieldbook/core';

export type PersonType = TPerson['rank'];

export const PERSON_TYPE_LABELS: Record<PersonType, string> = {
  client: 'Client',
  makeup: 'Make Up',
  admin: 'Admin',
};

export const PERSON_TYPE_OPTIONS = PERSON_TYPES.map((t) => ({
  value: t,
  label: PERSON_TYPE_LABELS[t],
}));

/** Show a measurement with its unit, or a dash when not captured. */
export function measure(value: number | null, unit: string): string {
  return value === null || value === undefined ? '—' : `${value} ${unit}`;
}
