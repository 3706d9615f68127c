import { shownStatus, type TComponentValue } from '@fieldbook/core';
import { isOwner, isUuid, userOf, type Caller } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { Tx } from '../../db/client.js';
import { documentRecipient } from '../clients/index.js';
import { jobDocument, type DocumentDeps, type JobDocumentSource } from '../templates/index.js';
import { jobView } from './job-access.js';
import { clearedDate } from './job-save.js';
import * as typesRepo from './job-types.repo.js';
import * as repo from './jobs.repo.js';

/** One answer for every link that does not name a job and a usable template. */
const NOT_FOUND = 'Document not found';
/** Keys are 64 hex characters; anything far from that shape is not worth a query. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,128}$/;
const TEXT_TYPES = new Set(['text', 'textArea', 'date', 'select', 'switch']);

const shown = (v: TComponentValue | undefined): string =>
  v === undefined || v === null ? '' : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v);
const imageUrl = (id: string) => `/api/images/${id}`;

export type JobDocumentService = ReturnType<typeof createJobDocumentService>;

/**
 * What the job's document prints, as a member of `groupId` sees the job in
 * its status (null: the general flags, which the public link and the
 * automations' e-mails use): hidden components, prices and the assignee are
 * left out.
 */
async function source(
  db: Tx,
  companyId: string,
  jobId: string,
  groupId: string | null,
): Promise<JobDocumentSource> {
  const r = await repo.findJob(db, companyId, jobId);
  if (!r) throw notFound(NOT_FOUND);
  const j = r.job;
  const [type, members] = await Promise.all([
    typesRepo.findType(db, companyId, j.appointmentTypeId),
    repo.listMembers(db, companyId),
  ]);
  const components = type?.components ?? [];
  const view = jobView(type ?? { statuses: [], components: [] }, j, groupId);
  const visible = components.filter((c) => !view.hidden.has(c.prop));
  const value = (prop: string) => (Object.hasOwn(j.values, prop) ? j.values[prop] : undefined);
  const assignee = members.find((m) => m.userId === j.userId);
  const { client, clientTypes } = await documentRecipient(db, companyId, j.entityId);
  return {
    id: j.id,
    number: j.appointmentNumber,
    type: type?.name ?? '',
    status: shownStatus(j),
    faultDescription: j.faultDescription,
    resolution: j.resolution,
    startDate: j.startDate,
    endDate: j.endDate,
    isAllDayEvent: j.isAllDayEvent,
    priority: j.priority,
    assignee:
      assignee && !view.hideAssignee
        ? [assignee.name, assignee.surname].filter(Boolean).join(' ')
        : '',
    address: j.address,
    createdAt: j.createdAt,
    clearedDate: clearedDate(j.log),
    entityId: j.entityId,
    to: j.to,
    lineItems: view.hideItems ? [] : j.lineItems,
    hidePrices: view.hidePrices,
    discount: j.discount,
    fields: visible
      .filter((c) => TEXT_TYPES.has(c.type) && shown(value(c.prop)) !== '')
      .map((c) => ({ label: c.label, value: shown(value(c.prop)) })),
    images: visible
      .filter((c) => c.type === 'images' && Array.isArray(value(c.prop)))
      .map((c) => ({ label: c.label, urls: (value(c.prop) as string[]).map(imageUrl) })),
    signatures: visible
      .filter(
        (c) =>
          (c.type === 'signiture' || c.type === 'userSigniture') &&
          typeof value(c.prop) === 'string',
      )
      .map((c) => ({ label: c.label, url: imageUrl(value(c.prop) as string) })),
    client,
    clientTypes,
  };
}

/**
 * The job printed with general template `templateId` (one the company may
 * use), for e-mails the automations send; 404 when either is not the company's.
 */
export async function jobDocumentById(
  deps: DocumentDeps,
  companyId: string,
  jobId: string,
  templateId: string,
) {
  const job = await source(deps.database.db, companyId, jobId, null);
  return jobDocument(deps, companyId, job, templateId);
}

/**
 * The public job document (`/customer/{companyId}/{key}/{templateId}/document`):
 * the job is found by its random key within the company, never by its id.
 */
export function createJobDocumentService(deps: Pick<AppDeps, 'database' | 'config' | 'pdf'>) {
  const db = deps.database.db;

  return {
    /**
     * The job printed for a signed-in member with their own view of it
     * (their group's flags in the job's status); 404 for another company's job or template.
     */
    async forMember(companyId: string, who: Caller, jobId: string, templateId: string) {
      if (!isUuid(jobId) || !isUuid(templateId)) throw notFound(NOT_FOUND);
      const groupId = isOwner(who)
        ? null
        : ((await repo.listMembers(db, companyId)).find((m) => m.userId === who.userId)?.groupId ??
          null);
      const job = await source(db, companyId, jobId.toLowerCase(), groupId);
      const doc = await jobDocument(deps, companyId, job, templateId.toLowerCase());
      return {
        fileName: doc.fileName,
        pdf: await deps.pdf.print(doc.html, { owner: userOf(who), company: companyId }),
      };
    },

    /** The PDF; a visitor's prints are bounded by their address. */
    async pdf(companyId: string, key: string, templateId: string, ip: string) {
      if (!isUuid(companyId) || !isUuid(templateId) || !KEY_SHAPE.test(key))
        throw notFound(NOT_FOUND);
      const cid = companyId.toLowerCase();
      const hit = await repo.findByPublicKey(db, cid, key);
      if (!hit) throw notFound(NOT_FOUND);
      const doc = await jobDocumentById(deps, cid, hit.id, templateId.toLowerCase());
      return {
        fileName: doc.fileName,
        pdf: await deps.pdf.print(doc.html, { owner: `public:${ip}`, company: cid }),
      };
    },
  };
}
