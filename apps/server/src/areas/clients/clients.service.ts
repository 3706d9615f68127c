import { type StatementPeriod, type TStatementResponse, type ZClientSave } from '@fieldbook/core';
import type { z } from 'zod';
import { isUuid } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { badField, notFound } from '../../platform/errors.js';
import { storeFile } from '../files/index.js';
import { findClientType, listClientTypes } from './client-types.repo.js';
import { checkClientFields, type FieldValue } from './client-fields.js';
import type { DocumentUpload } from './client-documents.js';
import { clientsCsv, clientsXlsx } from './clients-export.js';
import { presentClient, presentClientDetail, presentDocument } from './clients.present.js';
import { templateUsable } from '../templates/index.js';
import { emitWebhook } from '../webhooks/index.js';
import { clientStatement } from './client-documents-render.js';
import * as repo from './clients.repo.js';

export type ClientsService = ReturnType<typeof createClientsService>;
type Body = z.output<typeof ZClientSave>;

const missing = () => notFound('Client not found');

/** Clients ("entities"): list, detail, save, soft delete, documents, statement, export. */
export function createClientsService(deps: Pick<AppDeps, 'database' | 'config'>) {
  const db = deps.database.db;

  /** The client type and the checked extra fields of a save. */
  async function typeAndFields(companyId: string, b: Body, stored?: repo.ClientRow) {
    const typeId = b.entityTemplateId;
    const type = typeId && isUuid(typeId) ? await findClientType(db, companyId, typeId) : null;
    if (typeId && !type) throw badField('entityTemplateId', 'is not a client type of this company');
    // Without a type there is nothing to check against: stored values are kept as they are.
    if (!type) return { typeId: null, fields: stored?.fields ?? {} };
    const input = b.fields ?? (stored?.fields as Record<string, FieldValue>) ?? {};
    return { typeId: type.id, fields: checkClientFields(type.descriptions, input) };
  }

  return {
    async list(companyId: string, filter: { entityTemplateId?: string }) {
      return (await repo.listClients(db, companyId, filter)).map(presentClient);
    },

    async get(companyId: string, id: string) {
      const c = await repo.findClientForCompany(db, companyId, id);
      if (!c) throw missing();
      return presentClientDetail(c, await repo.listDocuments(db, companyId, id));
    },

    /** 404 unless the client is live (checked before reading an upload). */
    async requireLive(companyId: string, id: string) {
      if (!(await repo.findClientForCompany(db, companyId, id))) throw missing();
    },

    async save(companyId: string, userId: string, b: Body) {
      const stored =
        b._id && isUuid(b._id) ? await repo.findClientForCompany(db, companyId, b._id) : null;
      if (b._id && !stored) throw missing();
      if (
        b.statementTemplateId &&
        b.statementTemplateId !== stored?.statementTemplateId &&
        !(await templateUsable(db, companyId, b.statementTemplateId, 'statement'))
      )
        throw badField('statementTemplateId', 'is not one of your statement templates');
      const { typeId, fields } = await typeAndFields(companyId, b, stored ?? undefined);
      const v = {
        name: b.name,
        ...(b.surname !== undefined && { surname: b.surname }),
        ...(b.email !== undefined && { email: b.email }),
        ...(b.phone !== undefined && { phone: b.phone }),
        ...(b.contactNumber !== undefined && { contactNumber: b.contactNumber }),
        ...(b.address !== undefined && { address: b.address }),
        entityTemplateId: typeId,
        statementTemplateId: b.statementTemplateId,
        ...(b.googlePosition !== undefined && { googlePosition: b.googlePosition }),
        ...(b.googleZoom !== undefined && { googleZoom: b.googleZoom }),
        ...(b.autoSendStatement !== undefined && { autoSendStatement: b.autoSendStatement }),
        fields,
      };
      // The save and its webhook event commit together (docs/webhooks.md).
      return db.transaction(async (tx) => {
        const data = (id: string) => ({ clientId: id, name: v.name, surname: v.surname ?? '' });
        if (stored) {
          if (!(await repo.updateClient(tx, companyId, stored.id, v))) throw missing();
          await emitWebhook(tx, companyId, 'client.updated', {
            ...data(stored.id),
            surname: v.surname ?? stored.surname,
          });
          return { _id: stored.id };
        }
        const id = await repo.insertClient(tx, companyId, { ...v, userId });
        await emitWebhook(tx, companyId, 'client.created', data(id));
        return { _id: id };
      });
    },

    async remove(companyId: string, id: string) {
      if (!(await repo.softDeleteClient(db, companyId, id))) throw missing();
      return { message: 'Deleted' };
    },

    async addDocument(companyId: string, userId: string, clientId: string, up: DocumentUpload) {
      return db.transaction(async (tx) => {
        if (!(await repo.findClientForCompany(tx, companyId, clientId))) throw missing();
        const fileId = await storeFile(
          tx,
          { quotaBytes: deps.config.storageQuotaBytes, field: 'file' },
          {
            companyId,
            userId,
            contentType: up.contentType,
            data: up.data,
          },
        );
        const id = await repo.insertDocument(tx, companyId, { clientId, fileId, name: up.name });
        const doc = (await repo.listDocuments(tx, companyId, clientId)).find((d) => d.id === id)!;
        return presentDocument(doc);
      });
    },

    /** Deleted clients' documents stay reachable, like their statements. */
    async getDocument(companyId: string, clientId: string, docId: string) {
      const d = await repo.findDocument(db, companyId, clientId, docId);
      if (!d) throw notFound('Document not found');
      return d;
    },

    async statement(
      companyId: string,
      clientId: string,
      period: StatementPeriod = {},
    ): Promise<TStatementResponse> {
      return clientStatement(db, companyId, clientId, period);
    },

    async export(companyId: string, format: 'csv' | 'xlsx', filter: { entityTemplateId?: string }) {
      const [rows, types] = await Promise.all([
        repo.listClients(db, companyId, filter),
        listClientTypes(db, companyId),
      ]);
      return format === 'csv' ? clientsCsv(rows, types) : clientsXlsx(rows, types);
    },
  };
}
