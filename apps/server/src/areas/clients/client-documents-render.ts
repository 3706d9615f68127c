import {
  buildStatement,
  statementForPeriod,
  toAmount,
  todayIn,
  type StatementPeriod,
  type TStatementResponse,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { getCompany } from '../companies/index.js';
import {
  renderStatementDocument,
  statementPreviewContext,
  type DocumentDeps,
} from '../templates/index.js';
import { findClientType } from './client-types.repo.js';
import * as repo from './clients.repo.js';

// What the clients area hands the templates area to print: a document's
// recipient and a client's statement (templates render what they are given).

const missing = () => notFound('Client not found');

/** A document's client (deleted ones included) and its client type's fields; none without `clientId`. */
export async function documentRecipient(db: Tx, companyId: string, clientId: string | null) {
  const client = clientId ? await repo.findClientIncludingDeleted(db, companyId, clientId) : null;
  const clientTypes = client?.entityTemplateId
    ? ((await findClientType(db, companyId, client.entityTemplateId))?.descriptions ?? [])
    : [];
  return { client: client ?? null, clientTypes };
}

/**
 * The client's statement as its Account tab shows it, of a period when one is
 * given (core `statementForPeriod`); 404 when the client is not the company's.
 */
export async function clientStatement(
  db: Tx,
  companyId: string,
  clientId: string,
  period: StatementPeriod = {},
): Promise<TStatementResponse> {
  const [client, company] = await Promise.all([
    repo.findClientIncludingDeleted(db, companyId, clientId),
    getCompany(db, companyId),
  ]);
  if (!client || !company) throw missing();
  const rows = await repo.listStatementInvoices(db, companyId, clientId);
  const asOf = todayIn(company.timeZone);
  const invoices = rows.map((r) => ({
    _id: r.id,
    invoiceNumber: r.invoiceNumber ?? '',
    invoiceDate: r.invoiceDate,
    total: toAmount(r.total),
    amountPaid: toAmount(r.amountPaid),
    datePaid: r.datePaid,
    // An invoice paid before payments were kept one by one has none: its amount paid stands.
    ...(r.payments.length > 0 ? { payments: r.payments } : {}),
    credits: r.credits,
  }));
  return statementForPeriod({ ...buildStatement(invoices, asOf), asOf }, period);
}

async function statementParts(
  deps: DocumentDeps,
  companyId: string,
  clientId: string,
  period: StatementPeriod = {},
) {
  const db = deps.database.db;
  const { client, clientTypes } = await documentRecipient(db, companyId, clientId);
  if (!client) throw missing();
  // The whole statement: the document works the period's out of it (and prints today's balance due).
  return { client, clientTypes, statement: await clientStatement(db, companyId, clientId), period };
}

/**
 * A client's statement as a document, of a period when one is given; 404 when
 * the client is not the company's.
 */
export async function statementDocument(
  deps: DocumentDeps,
  companyId: string,
  clientId: string,
  period: StatementPeriod = {},
) {
  return renderStatementDocument(
    deps,
    companyId,
    await statementParts(deps, companyId, clientId, period),
  );
}

/** A client's statement as a template preview's context; 404 when the client is not the company's. */
export async function statementPreview(deps: DocumentDeps, companyId: string, clientId: string) {
  return statementPreviewContext(deps, companyId, await statementParts(deps, companyId, clientId));
}
