import type { TClient, TClientField, TClientSave, TLatLng } from '@fieldbook/core';

export type FieldValue = string | number | boolean | null;

/** What the client details form edits. */
export interface ClientValues {
  name: string;
  surname: string;
  email: string;
  phone: string;
  contactNumber: string;
  address: string;
  entityTemplateId: string | null;
  /** The template its statements print with; null: the company's default. */
  statementTemplateId: string | null;
  autoSendStatement: boolean;
  googlePosition: TLatLng | null;
  googleZoom: number | null;
  fields: Record<string, FieldValue>;
}

export function emptyClientValues(): ClientValues {
  return {
    name: '',
    surname: '',
    email: '',
    phone: '',
    contactNumber: '',
    address: '',
    entityTemplateId: null,
    statementTemplateId: null,
    autoSendStatement: false,
    googlePosition: null,
    googleZoom: null,
    fields: {},
  };
}

export function clientToValues(c: TClient): ClientValues {
  return {
    name: c.name,
    surname: c.surname,
    email: c.email,
    phone: c.phone,
    contactNumber: c.contactNumber,
    address: c.address,
    entityTemplateId: c.entityTemplateId,
    statementTemplateId: c.statementTemplateId,
    autoSendStatement: c.autoSendStatement,
    googlePosition: c.googlePosition,
    googleZoom: c.googleZoom,
    fields: { ...c.fields },
  };
}

/** The save body. */
export function valuesToSave(v: ClientValues, client: TClient | null): TClientSave {
  return {
    ...(client ? { _id: client._id } : {}),
    statementTemplateId: v.statementTemplateId,
    name: v.name.trim(),
    surname: v.surname.trim(),
    email: v.email.trim(),
    phone: v.phone.trim(),
    contactNumber: v.contactNumber.trim(),
    address: v.address.trim(),
    entityTemplateId: v.entityTemplateId,
    autoSendStatement: v.autoSendStatement,
    googlePosition: v.googlePosition,
    googleZoom: v.googlePosition ? Math.round(v.googleZoom ?? 15) : null,
    fields: v.fields,
  };
}

/** The value a dynamic field starts with when the client has none yet. */
export function emptyFieldValue(field: TClientField): FieldValue {
  if (field.type === 'switch') return false;
  if (field.type === 'number') return null;
  return '';
}
