import { toAmount, type TClient, type TClientDetail, type TClientDocument } from '@fieldbook/core';
import type { FieldValue } from './client-fields.js';
import type { ClientRow, DocumentRow } from './clients.repo.js';

export function presentClient(c: ClientRow): TClient {
  return {
    _id: c.id,
    name: c.name,
    surname: c.surname,
    email: c.email,
    phone: c.phone,
    contactNumber: c.contactNumber,
    address: c.address,
    entityTemplateId: c.entityTemplateId,
    statementTemplateId: c.statementTemplateId,
    googlePosition: c.googlePosition ?? null,
    googleZoom: c.googleZoom,
    autoSendStatement: c.autoSendStatement,
    fields: c.fields as Record<string, FieldValue>,
    outstanding: toAmount(c.outstanding),
    userId: c.userId,
    companyId: c.companyId,
    createdAt: c.createdAt.toISOString(),
  };
}

/** The document's metadata; the stored file's id never leaves the server. */
export const presentDocument = (d: DocumentRow): TClientDocument => ({
  _id: d.id,
  name: d.name,
  contentType: d.contentType,
  size: d.size,
  createdAt: d.createdAt.toISOString(),
});

export const presentClientDetail = (c: ClientRow, docs: DocumentRow[]): TClientDetail => ({
  ...presentClient(c),
  documents: docs.map(presentDocument),
});
