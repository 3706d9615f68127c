import { findClientIncludingDeleted, type ClientRow } from '../clients/index.js';
import { getCompany } from '../companies/index.js';
import { notFound } from '../../platform/errors.js';
import { clientContext, companyContext } from './context.js';
import type { DocumentDeps, RenderedDocument } from './documents.js';
import { renderHtml, renderText, withTitle } from './render.js';
import { findVisible } from './templates.repo.js';

/** What a general template printed for a job reads under `job` (docs/templates.md). */
export interface JobContext {
  number: string;
  type: string;
  status: string;
  fault: string;
  resolution: string;
  startDate: string;
  endDate: string;
  assignee: string;
  /** The job form's values by component `prop`, as text. */
  values: Record<string, string>;
}

// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]+/g;

/**
 * A general template the company may use, filled for a job: `company`,
 * `client` (the job's client, or its `to` name) and `job`. 404 when the
 * template is not visible to the company (deleted, or another's).
 */
export async function jobTemplateDocument(
  deps: DocumentDeps,
  companyId: string,
  templateId: string,
  job: { entityId: string | null; to: string; context: JobContext },
): Promise<RenderedDocument> {
  const db = deps.database.db;
  const [found, company, client] = await Promise.all([
    findVisible(db, companyId, templateId),
    getCompany(db, companyId),
    job.entityId
      ? findClientIncludingDeleted(db, companyId, job.entityId)
      : Promise.resolve<ClientRow | null>(null),
  ]);
  if (!found || !company) throw notFound('Template not found');
  const t = found.template;
  const key = { id: t.id, version: t.updatedAt.toISOString() };
  const ctx = {
    company: companyContext(company),
    client: clientContext(client ?? null, job.to, []),
    job: job.context,
  };
  const title = `${t.name} ${job.context.number}`.trim();
  return {
    html: withTitle(renderHtml(t.html, ctx, key), title),
    fileName: `${title.replace(UNSAFE_IN_NAME, ' ').replace(/\s+/g, ' ').trim() || 'document'}.pdf`,
    subject: `${t.name} from ${company.companyName}`,
    emailBody: renderText(t.emailBody, ctx, key) ?? '',
  };
}
