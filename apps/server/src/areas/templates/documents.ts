import {
  todayIn,
  type Statement,
  type StatementPeriod,
  type TClientField,
  type TTemplateField,
  type TTemplateType,
} from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { getCompany, type CompanyRow } from '../companies/index.js';
import { SHIPPED } from './builtin/shipped.js';
import { QUOTE_EMAIL, QUOTE_HTML } from './builtin/quote.js';
import { STATEMENT_EMAIL, STATEMENT_HTML } from './builtin/statement.js';
import { TAX_INVOICE_EMAIL, TAX_INVOICE_HTML } from './builtin/tax-invoice.js';
import {
  clientContext,
  companyContext,
  invoiceContext,
  periodWords,
  statementContext,
  type DocumentClient,
  type InvoiceSource,
} from './context.js';
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
 * What an invoice or quote is rendered from, gathered by the invoices area
 * (which owns invoices and reads their clients): the row's own fields, the
 * invoice as the screen shows it, and its client with the client type's fields.
 */
export interface InvoiceDocumentParts {
  row: {
    id: string;
    entityId: string | null;
    isQuote: boolean;
    invoiceTemplateId: string | null;
    to: string;
    toEmail: string;
    publicKey: string;
    paid: boolean;
  };
  /** The invoice exactly as the screen receives it: the same totals and balance. */
  shown: Omit<InvoiceSource, 'publicUrl'> & { totals: { total: number }; balance: number };
  client: DocumentClient | null;
  clientTypes: TClientField[];
}

/**
 * An invoice's or quote's render context and what the document around it
 * needs; `fields` (a preview's unsaved template) replaces the template's own.
 */
async function invoiceData(
  deps: DocumentDeps,
  companyId: string,
  parts: InvoiceDocumentParts,
  fields?: TTemplateField[],
  templateId?: string | null,
) {
  const db = deps.database.db;
  const { row, shown, client } = parts;
  const company = await companyOf(deps, companyId);
  const template = await resolveTemplate(
    db,
    companyId,
    [
      templateId,
      row.invoiceTemplateId,
      row.isQuote ? company.quoteTemplateId : company.invoiceTemplateId,
    ],
    'invoice',
    row.isQuote ? SHIPPED.quote : SHIPPED.invoice,
  );
  const publicUrl = publicInvoiceUrl(deps.config.publicUrl, companyId, row.entityId, row.publicKey);
  const fallback = row.isQuote
    ? builtIn('quote', QUOTE_HTML, QUOTE_EMAIL)
    : builtIn('tax-invoice', TAX_INVOICE_HTML, TAX_INVOICE_EMAIL);
  const source = template ? stored(template) : fallback;
  const ctx = {
    company: companyContext(company),
    client: clientContext(client, row.to, parts.clientTypes),
    ...invoiceContext({ ...shown, publicUrl }, fields ?? source.fields),
  };
  return { row, shown, company, publicUrl, source, ctx, fallback };
}

/** The render context of an invoice or quote for a preview of unsaved template `fields`. */
export async function invoicePreviewContext(
  deps: DocumentDeps,
  companyId: string,
  parts: InvoiceDocumentParts,
  fields: TTemplateField[],
): Promise<object> {
  return (await invoiceData(deps, companyId, parts, fields)).ctx;
}

/**
 * The invoice or quote as a document. `templateId` prints it with another
 * usable invoice template than its own (a job status's notification
 * template); a stale one is skipped.
 */
export async function renderInvoiceDocument(
  deps: DocumentDeps,
  companyId: string,
  parts: InvoiceDocumentParts,
  templateId?: string | null,
) {
  const d = await invoiceData(deps, companyId, parts, undefined, templateId);
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

/** What a statement is rendered from, gathered by the clients area (which owns clients). */
export interface StatementDocumentParts {
  client: DocumentClient & { id: string; email: string | null; statementTemplateId: string | null };
  clientTypes: TClientField[];
  /** The client's whole statement, as the Account tab shows it without a period. */
  statement: Statement & { asOf: string };
  /** The period printed (core `statementForPeriod`); the whole statement without one. */
  period?: StatementPeriod;
}

async function statementData(deps: DocumentDeps, companyId: string, parts: StatementDocumentParts) {
  const db = deps.database.db;
  const { client, statement } = parts;
  const company = await companyOf(deps, companyId);
  const template = await resolveTemplate(
    db,
    companyId,
    [client.statementTemplateId, company.statementTemplateId],
    'statement',
    SHIPPED.statement,
  );
  const ctx = {
    company: companyContext(company),
    client: clientContext(client, '', parts.clientTypes),
    ...statementContext(statement, statement.asOf, parts.period),
  };
  const fallback = builtIn('statement', STATEMENT_HTML, STATEMENT_EMAIL);
  const source = template ? stored(template) : fallback;
  return { client, company, statement, ctx, source, fallback };
}

/** The render context of a client's statement for a template preview. */
export async function statementPreviewContext(
  deps: DocumentDeps,
  companyId: string,
  parts: StatementDocumentParts,
): Promise<object> {
  return (await statementData(deps, companyId, parts)).ctx;
}

/** A client's statement as a document. */
export async function renderStatementDocument(
  deps: DocumentDeps,
  companyId: string,
  parts: StatementDocumentParts,
) {
  const d = await statementData(deps, companyId, parts);
  const name = d.ctx.client.fullName;
  // A period's statement is named by its period, the whole one by its date.
  const title = `Statement ${name} ${(parts.period && periodWords(parts.period)) || d.statement.asOf}`;
  const doc: RenderedDocument = {
    ...render(d.source, d.fallback, d.ctx, title),
    fileName: `${safeName(title)}.pdf`,
    subject: `Statement from ${d.company.companyName}`,
  };
  return { ...doc, client: { id: d.client.id, email: d.client.email, name } };
}

/**
 * The render context of a real record for a template preview, answered by
 * the area owning the record (wired in the composition root); 404 when it is
 * not the company's.
 */
export interface PreviewRecords {
  invoice(companyId: string, id: string, fields: TTemplateField[]): Promise<object>;
  statement(companyId: string, clientId: string): Promise<object>;
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
  records: PreviewRecords,
): Promise<string> {
  const fields = p.fields ?? [];
  if (p.recordId) {
    const ctx =
      p.type === 'statement'
        ? await records.statement(companyId, p.recordId)
        : await records.invoice(companyId, p.recordId, fields);
    return renderHtml(p.template, ctx);
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
