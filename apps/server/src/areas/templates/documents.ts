import { todayIn, type TTemplateType } from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { findClientType } from '../clients/client-types.repo.js';
import { findClientIncludingDeleted, type ClientRow } from '../clients/clients.repo.js';
import { createClientsService } from '../clients/clients.service.js';
import { getCompany, type CompanyRow } from '../companies/companies.repo.js';
import { findInvoice } from '../invoices/invoices.repo.js';
import { presentInvoice } from '../invoices/invoices.present.js';
import { SHIPPED } from './builtin/shipped.js';
import { QUOTE_EMAIL, QUOTE_HTML } from './builtin/quote.js';
import { STATEMENT_EMAIL, STATEMENT_HTML } from './builtin/statement.js';
import { TAX_INVOICE_EMAIL, TAX_INVOICE_HTML } from './builtin/tax-invoice.js';
import { clientContext, companyContext, invoiceContext, statementContext } from './context.js';
import { renderHtml, renderText } from './render.js';
import { SAMPLE_CLIENT, sampleInvoice, sampleStatement } from './sample.js';
import { resolveTemplate, type TemplateRow } from './templates.repo.js';

/**
 * Documents ready to print or send: the template chosen for the record, filled
 * with its figures (core's totals and statement), rendered and sanitised.
 * PDF = `deps.pdf.print(doc.html)`.
 */
export interface RenderedDocument {
  /** A whole, sanitised HTML document ready to print or show. */
  html: string;
  /** e.g. 'INV00042.pdf', 'Statement Jane Doe 2026-11-21.pdf' */
  fileName: string;
  /** The default e-mail subject, e.g. 'Invoice INV00042 from Acme Plumbing'. */
  subject: string;
  /** The template's e-mail body rendered as plain text (may contain the public link). */
  emailBody: string;
}

type Source = Pick<TemplateRow, 'html' | 'emailBody' | 'fields'>;

/** A file name without characters file systems or headers object to. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;
const safeName = (s: string) =>
  s.replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim() || 'document';

async function companyOf(deps: AppDeps, companyId: string): Promise<CompanyRow> {
  const c = await getCompany(deps.database.db, companyId);
  if (!c) throw notFound('Company not found');
  return c;
}

async function clientTypeFields(deps: AppDeps, companyId: string, c: ClientRow | null | undefined) {
  if (!c?.entityTemplateId) return [];
  return (
    (await findClientType(deps.database.db, companyId, c.entityTemplateId))?.descriptions ?? []
  );
}

/** Render `source` (or the fallback text) with `ctx`: the document and its e-mail body. */
function render(source: Source, fallbackEmail: string, ctx: object) {
  const body = source.emailBody.trim() ? source.emailBody : fallbackEmail;
  return {
    html: renderHtml(source.html, ctx),
    emailBody: renderText(body, ctx) ?? renderText(fallbackEmail, ctx) ?? '',
  };
}

/** An invoice's or quote's render context and what the document around it needs. */
async function invoiceData(deps: AppDeps, companyId: string, invoiceId: string) {
  const db = deps.database.db;
  const row = await findInvoice(db, companyId, invoiceId);
  if (!row) throw notFound('Invoice not found');
  const [company, client] = await Promise.all([
    companyOf(deps, companyId),
    row.entityId ? findClientIncludingDeleted(db, companyId, row.entityId) : null,
  ]);
  const [types, template] = await Promise.all([
    clientTypeFields(deps, companyId, client),
    resolveTemplate(
      db,
      companyId,
      [row.invoiceTemplateId, row.isQuote ? company.quoteTemplateId : company.invoiceTemplateId],
      'invoice',
      row.isQuote ? SHIPPED.quote : SHIPPED.invoice,
    ),
  ]);
  // The invoice exactly as the screen receives it: the same totals and balance.
  const shown = presentInvoice(row, null, null);
  const publicUrl = row.entityId
    ? `${deps.config.publicUrl}/view/c/${companyId}/e/${row.entityId}/i/${row.publicKey}`
    : '';
  const fallback: Source = row.isQuote
    ? { html: QUOTE_HTML, emailBody: QUOTE_EMAIL, fields: [] }
    : { html: TAX_INVOICE_HTML, emailBody: TAX_INVOICE_EMAIL, fields: [] };
  const source = template ?? fallback;
  const ctx = {
    company: companyContext(company),
    client: clientContext(client ?? null, row.to, types),
    ...invoiceContext({ ...shown, publicUrl }, source.fields),
  };
  return { row, shown, company, publicUrl, source, ctx, fallbackEmail: fallback.emailBody };
}

/** The invoice or quote as a document; 404 when it is not the company's. */
export async function invoiceDocument(deps: AppDeps, companyId: string, invoiceId: string) {
  const d = await invoiceData(deps, companyId, invoiceId);
  const number = d.ctx.invoice.number;
  const kind = d.row.isQuote ? 'Quote' : 'Invoice';
  const doc: RenderedDocument = {
    ...render(d.source, d.fallbackEmail, d.ctx),
    fileName: `${safeName(number || kind)}.pdf`,
    subject: `${kind} ${number} from ${d.company.companyName}`.replace(/\s+/g, ' '),
  };
  return {
    ...doc,
    invoice: {
      id: d.row.id,
      number,
      entityId: d.row.entityId,
      toEmail: d.row.toEmail,
      publicUrl: d.publicUrl,
      total: d.shown.totals.total,
      balance: d.shown.balance,
      paid: d.row.paid,
    },
  };
}

async function statementData(deps: AppDeps, companyId: string, clientId: string) {
  const db = deps.database.db;
  const [client, company] = await Promise.all([
    findClientIncludingDeleted(db, companyId, clientId),
    companyOf(deps, companyId),
  ]);
  if (!client) throw notFound('Client not found');
  const [statement, types, template] = await Promise.all([
    // The statement exactly as the client's Account tab shows it.
    createClientsService(deps).statement(companyId, clientId),
    clientTypeFields(deps, companyId, client),
    resolveTemplate(
      db,
      companyId,
      [client.statementTemplateId, company.statementTemplateId],
      'statement',
      SHIPPED.statement,
    ),
  ]);
  const ctx = {
    company: companyContext(company),
    client: clientContext(client, '', types),
    ...statementContext(statement, statement.asOf),
  };
  const source = template ?? { html: STATEMENT_HTML, emailBody: STATEMENT_EMAIL, fields: [] };
  return { client, company, statement, ctx, source };
}

/** A client's statement as a document; 404 when the client is not the company's. */
export async function statementDocument(deps: AppDeps, companyId: string, clientId: string) {
  const d = await statementData(deps, companyId, clientId);
  const name = d.ctx.client.fullName;
  const doc: RenderedDocument = {
    ...render(d.source, STATEMENT_EMAIL, d.ctx),
    fileName: `${safeName(`Statement ${name} ${d.statement.asOf}`)}.pdf`,
    subject: `Statement from ${d.company.companyName}`,
  };
  return { ...doc, client: { id: d.client.id, email: d.client.email, name } };
}

/**
 * Unsaved template HTML filled with a real record (an invoice for invoice and
 * custom templates, a client for statements) or with sample data; the caller
 * has checked the right to read that record.
 */
export async function previewHtml(
  deps: AppDeps,
  companyId: string,
  p: { template: string; type: TTemplateType; recordId?: string | null },
): Promise<string> {
  const source = { html: p.template, emailBody: '', fields: [] };
  if (p.recordId) {
    const d =
      p.type === 'statement'
        ? await statementData(deps, companyId, p.recordId)
        : await invoiceData(deps, companyId, p.recordId);
    return renderHtml(source.html, d.ctx);
  }
  const company = await companyOf(deps, companyId);
  const today = todayIn(company.timeZone);
  const statement = sampleStatement(today);
  const ctx = {
    company: companyContext(company),
    client: clientContext(SAMPLE_CLIENT, '', []),
    ...invoiceContext(sampleInvoice(company.tax, today), []),
    ...statementContext(statement, today),
  };
  return renderHtml(source.html, ctx);
}
