import { todayIn, type TTemplateField, type TTemplateType } from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import {
  createClientsService,
  findClientIncludingDeleted,
  findClientType,
  type ClientRow,
} from '../clients/index.js';
import { getCompany, type CompanyRow } from '../companies/index.js';
import { findInvoice, presentInvoice, type InvoiceRow } from '../invoices/index.js';
import { SHIPPED } from './builtin/shipped.js';
import { QUOTE_EMAIL, QUOTE_HTML } from './builtin/quote.js';
import { STATEMENT_EMAIL, STATEMENT_HTML } from './builtin/statement.js';
import { TAX_INVOICE_EMAIL, TAX_INVOICE_HTML } from './builtin/tax-invoice.js';
import { clientContext, companyContext, invoiceContext, statementContext } from './context.js';
import { renderHtml, renderText, withTitle, type CacheKey } from './render.js';
import { SAMPLE_CLIENT, sampleCustom, sampleInvoice, sampleStatement } from './sample.js';
import { resolveTemplate, type TemplateRow } from './templates.repo.js';

/** What rendering a document reads: the database, and the public address for links. */
export type DocumentDeps = Pick<AppDeps, 'database' | 'config'>;

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

/** What a document is rendered from; `key` when it is a stored template (its compiled form is kept). */
type Source = Pick<TemplateRow, 'html' | 'emailBody' | 'fields'> & { key?: CacheKey };

/** A stored template as a source: keyed by its id and version. */
const stored = (t: TemplateRow): Source => ({
  html: t.html,
  emailBody: t.emailBody,
  fields: t.fields,
  key: { id: t.id, version: t.updatedAt.toISOString() },
});

/** The templates built into the code, used when the shipped rows are missing. */
const builtIn = (name: string, html: string, emailBody: string): Source => ({
  html,
  emailBody,
  fields: [],
  key: { id: `builtin:${name}`, version: 'code' },
});

/**
 * The invoice's public page (`/view/...`), '' while it has no client: the
 * page is found by company, client and the invoice's unguessable key.
 */
export function publicInvoiceUrl(
  base: string,
  companyId: string,
  entityId: string | null,
  publicKey: string,
): string {
  return entityId ? `${base}/view/c/${companyId}/e/${entityId}/i/${publicKey}` : '';
}

/** A file name without characters file systems or headers object to. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;
const safeName = (s: string) =>
  s.replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim() || 'document';

async function companyOf(deps: DocumentDeps, companyId: string): Promise<CompanyRow> {
  const c = await getCompany(deps.database.db, companyId);
  if (!c) throw notFound('Company not found');
  return c;
}

async function clientTypeFields(
  deps: DocumentDeps,
  companyId: string,
  c: ClientRow | null | undefined,
) {
  if (!c?.entityTemplateId) return [];
  return (
    (await findClientType(deps.database.db, companyId, c.entityTemplateId))?.descriptions ?? []
  );
}

/**
 * Render `source` (or the fallback's e-mail text) with `ctx`: the document,
 * titled `title` (a PDF's title), and its e-mail body.
 */
function render(source: Source, fallback: Source, ctx: object, title: string) {
  const own = source.emailBody.trim() ? source : fallback;
  return {
    html: withTitle(renderHtml(source.html, ctx, source.key), title),
    emailBody:
      renderText(own.emailBody, ctx, own.key) ??
      renderText(fallback.emailBody, ctx, fallback.key) ??
      '',
  };
}

/**
 * An invoice's or quote's render context and what the document around it
 * needs; `fields` (a preview's unsaved template) replaces the template's own.
 */
async function invoiceData(
  deps: DocumentDeps,
  companyId: string,
  /** An id, or a row not saved (a recurring item's preview). */
  invoice: string | InvoiceRow,
  fields?: TTemplateField[],
  templateId?: string | null,
) {
  const db = deps.database.db;
  const row = typeof invoice === 'string' ? await findInvoice(db, companyId, invoice) : invoice;
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
      [
        templateId,
        row.invoiceTemplateId,
        row.isQuote ? company.quoteTemplateId : company.invoiceTemplateId,
      ],
      'invoice',
      row.isQuote ? SHIPPED.quote : SHIPPED.invoice,
    ),
  ]);
  // The invoice exactly as the screen receives it: the same totals and balance.
  const shown = presentInvoice(row, null, null);
  const publicUrl = publicInvoiceUrl(deps.config.publicUrl, companyId, row.entityId, row.publicKey);
  const fallback = row.isQuote
    ? builtIn('quote', QUOTE_HTML, QUOTE_EMAIL)
    : builtIn('tax-invoice', TAX_INVOICE_HTML, TAX_INVOICE_EMAIL);
  const source = template ? stored(template) : fallback;
  const ctx = {
    company: companyContext(company),
    client: clientContext(client ?? null, row.to, types),
    ...invoiceContext({ ...shown, publicUrl }, fields ?? source.fields),
  };
  return { row, shown, company, publicUrl, source, ctx, fallback };
}

/**
 * The invoice or quote as a document; 404 when it is not the company's.
 * `templateId` prints it with another usable invoice template than its own
 * (a job status's notification template); a stale one is skipped.
 */
export async function invoiceDocument(
  deps: DocumentDeps,
  companyId: string,
  invoiceId: string | InvoiceRow,
  templateId?: string | null,
) {
  const d = await invoiceData(deps, companyId, invoiceId, undefined, templateId);
  const number = d.ctx.invoice.number;
  const kind = d.row.isQuote ? 'Quote' : 'Invoice';
  const doc: RenderedDocument = {
    ...render(d.source, d.fallback, d.ctx, `${kind} ${number}`.trim()),
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

async function statementData(deps: DocumentDeps, companyId: string, clientId: string) {
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
  const fallback = builtIn('statement', STATEMENT_HTML, STATEMENT_EMAIL);
  const source = template ? stored(template) : fallback;
  return { client, company, statement, ctx, source, fallback };
}

/** A client's statement as a document; 404 when the client is not the company's. */
export async function statementDocument(deps: DocumentDeps, companyId: string, clientId: string) {
  const d = await statementData(deps, companyId, clientId);
  const name = d.ctx.client.fullName;
  const doc: RenderedDocument = {
    ...render(d.source, d.fallback, d.ctx, `Statement ${name} ${d.statement.asOf}`),
    fileName: `${safeName(`Statement ${name} ${d.statement.asOf}`)}.pdf`,
    subject: `Statement from ${d.company.companyName}`,
  };
  return { ...doc, client: { id: d.client.id, email: d.client.email, name } };
}

/**
 * Unsaved template HTML filled with a real record (an invoice for invoice and
 * custom templates, a client for statements) or with sample data; the caller
 * has checked the right to read that record. The template's extra `fields`
 * show with the invoice's values, or in sample data with their labels as
 * values. Never cached: the source changes with every keystroke.
 */
export async function previewHtml(
  deps: DocumentDeps,
  companyId: string,
  p: {
    template: string;
    type: TTemplateType;
    recordId?: string | null;
    fields?: TTemplateField[];
    sample?: 'invoice' | 'quote';
  },
): Promise<string> {
  const fields = p.fields ?? [];
  if (p.recordId) {
    const d =
      p.type === 'statement'
        ? await statementData(deps, companyId, p.recordId)
        : await invoiceData(deps, companyId, p.recordId, fields);
    return renderHtml(p.template, d.ctx);
  }
  const company = await companyOf(deps, companyId);
  const today = todayIn(company.timeZone);
  const statement = sampleStatement(today);
  const ctx = {
    company: companyContext(company),
    client: clientContext(SAMPLE_CLIENT, '', []),
    ...invoiceContext(
      sampleInvoice(
        company.tax,
        today,
        sampleCustom(fields, today),
        p.sample === 'quote',
        company.numbering,
      ),
      fields,
    ),
    ...statementContext(statement, today),
  };
  return renderHtml(p.template, ctx);
}
