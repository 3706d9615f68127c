import {
  computeTotals,
  formatDate,
  formatTime,
  type TClientField,
  type TDiscount,
  type TLine,
} from '@fieldbook/core';
import { notFound } from '../../platform/errors.js';
import { getCompany } from '../companies/index.js';
import { clientContext, companyContext, invoiceContext, type DocumentClient } from './context.js';
import type { DocumentDeps, RenderedDocument } from './documents.js';
import { renderHtml, renderText, withTitle } from './render.js';
import { findVisible } from './templates.repo.js';

/** What a job document prints, gathered by the jobs area (which owns jobs). */
export interface JobDocumentSource {
  id: string;
  number: string;
  type: string;
  status: string;
  faultDescription: string;
  resolution: string;
  startDate: Date;
  endDate: Date;
  isAllDayEvent: boolean;
  priority: string;
  assignee: string;
  address: string;
  createdAt: Date;
  /** The date of the newest 'Job Done' log entry, or null. */
  clearedDate: string | null;
  entityId: string | null;
  to: string;
  lineItems: TLine[];
  /** The reader may not see prices (hideItemPrice): amounts and totals are printed empty. */
  hidePrices?: boolean;
  discount: TDiscount;
  /** Filled text-like fields of the job's form, in form order. */
  fields: { label: string; value: string }[];
  /** Image fields (photos) with their images' addresses. */
  images: { label: string; urls: string[] }[];
  /** Signature fields with the signature's address. */
  signatures: { label: string; url: string }[];
  /** The job's client (deleted ones included) and its client type's fields, read by the jobs area. */
  client: DocumentClient | null;
  clientTypes: TClientField[];
}

const NOT_FOUND = 'Document not found';

/** Every figure of the totals printed empty (and no discount or payment rows). */
function blankTotals<T extends Record<string, unknown>>(totals: T): T {
  return Object.fromEntries(
    Object.entries(totals).map(([k, v]) => [k, typeof v === 'boolean' ? false : '']),
  ) as T;
}

/**
 * A job printed with a general template the company may use (its own, one
 * shared with every company, or a shipped one): job, client and company
 * placeholders (docs/templates.md), the job's lines and totals in the
 * company's tax settings exactly as an invoice shows them. 404 for a
 * template the company may not use.
 */
export async function jobDocument(
  deps: DocumentDeps,
  companyId: string,
  job: JobDocumentSource,
  templateId: string,
): Promise<RenderedDocument> {
  const db = deps.database.db;
  const [found, company] = await Promise.all([
    findVisible(db, companyId, templateId),
    getCompany(db, companyId),
  ]);
  if (!found || !company) throw notFound(NOT_FOUND);
  const t = found.template;
  const { client, clientTypes: types } = job;
  const zone = company.timeZone;
  const totals = computeTotals({
    descriptions: job.lineItems,
    discount: job.discount,
    tax: company.tax,
  });
  const figures = invoiceContext(
    {
      isQuote: false,
      invoiceNumber: job.number,
      quoteNumber: null,
      invoiceDate: formatDate(job.createdAt, zone),
      dueDate: formatDate(job.createdAt, zone),
      to: job.to,
      notes: '',
      paid: false,
      amountPaid: 0,
      datePaid: null,
      methodPaid: '',
      descriptions: job.lineItems,
      tax: company.tax,
      discount: job.discount,
      totals,
      custom: {},
      publicUrl: '',
    },
    [],
  );
  const ctx = {
    company: companyContext(company),
    client: clientContext(client ?? null, job.to, types),
    // An invoice or quotation template printed for a job: its number and date are
    // the job's (reported date); it has no due or valid-until date.
    invoice: { ...figures.invoice, dueDate: '' },
    job: {
      number: job.number,
      type: job.type,
      status: job.status,
      fault: job.faultDescription,
      resolution: job.resolution,
      startDate: formatDate(job.startDate, zone),
      startTime: job.isAllDayEvent ? '' : formatTime(job.startDate, zone),
      endDate: formatDate(job.endDate, zone),
      endTime: job.isAllDayEvent ? '' : formatTime(job.endDate, zone),
      allDay: job.isAllDayEvent,
      priority: job.priority,
      assignee: job.assignee,
      address: job.address || client?.address || '',
      reportedDate: formatDate(job.createdAt, zone),
      clearedDate: job.clearedDate ? formatDate(job.clearedDate, zone) : '',
      fields: job.fields,
      images: job.images,
      signatures: job.signatures,
    },
    lines: job.hidePrices
      ? figures.lines.map((l) => ({ ...l, unitPrice: '', amount: '' }))
      : figures.lines,
    tax: figures.tax,
    totals: job.hidePrices ? blankTotals(figures.totals) : figures.totals,
  };
  const key = { id: t.id, version: t.updatedAt.toISOString() };
  const title = `Job ${job.number}`;
  return {
    html: withTitle(renderHtml(t.html, ctx, key), title),
    emailBody: renderText(t.emailBody, ctx, key) ?? '',
    fileName: `${title.replace(/[^\w .-]+/g, ' ').trim() || 'job'}.pdf`,
    subject: `${title} from ${company.companyName}`,
  };
}
