import {
  FOR_EVERY_COMPANY_MESSAGE,
  type TTemplateField,
  type TTemplateType,
} from '@fieldbook/core';
import { isSuper, isUuid, requireRight, userOf, type Caller } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, forbidden, notFound } from '../../platform/errors.js';
import { sanitiseHtml } from '../../platform/html-sanitise.js';
import type { Upload } from '../../platform/uploads.js';
import { storeFile } from '../files/index.js';
import { previewHtml, type PreviewRecords } from './documents.js';
import { checkTemplate } from './render.js';
import { isShared, mayEdit, type Presenter } from './templates.present.js';
import * as repo from './templates.repo.js';

export type TemplatesService = ReturnType<typeof createTemplatesService>;

/** A save from any of the three template calls, in one shape; `names` are the body's field names. */
export interface TemplateInput {
  _id?: string | null;
  name: string;
  html: string;
  emailBody: string;
  anyCompany?: boolean;
  /** Sets the type (the `/templates` call). */
  type?: TTemplateType;
  /** The type of a new template; an existing one keeps its own (`/invoiceTemplate`, `/statementTemplate`). */
  newType?: TTemplateType;
  isInvoice?: boolean;
  isStatement?: boolean;
  description?: string;
  fields?: TTemplateField[];
  /** Rank super confirmed changing a template every company uses. */
  forEveryCompany?: boolean;
  names: { html: string; emailBody: string };
}

const missing = () => notFound('Template not found');

/** The stored (sanitised) HTML; a template that does not compile is a 400 naming the field. */
function cleanHtml(html: string, field: string): string {
  checkTemplate(html, field);
  const clean = sanitiseHtml(html);
  checkTemplate(clean, field);
  return clean;
}

function checkFields(fields: TTemplateField[]): void {
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (seen.has(f.name)) throw badField(`fields.${i}.name`, 'is used by another field');
    seen.add(f.name);
  });
}

export function createTemplatesService(
  deps: Pick<AppDeps, 'database' | 'config'>,
  /** The records a preview may be filled with, read by the areas owning them. */
  records: PreviewRecords,
) {
  const db = deps.database.db;

  return {
    async list<T>(c: Caller, use: repo.TemplateUse | undefined, present: Presenter<T>) {
      const rows = await repo.listVisible(db, c.companyId, use);
      return rows.map((r) => present(r, c.companyId, isSuper(c)));
    },

    async get<T>(c: Caller, id: string, use: repo.TemplateUse | undefined, present: Presenter<T>) {
      const row = await repo.findVisible(db, c.companyId, id, use);
      if (!row) throw missing();
      return present(row, c.companyId, isSuper(c));
    },

    /**
     * Create (settings c) or update (settings u) a template. A template shared
     * with all companies, another company's or a shipped one is changed only
     * by rank super, and only rank super may share one with all companies.
     */
    async save(c: Caller, b: TemplateInput): Promise<{ _id: string }> {
      if (b.anyCompany && !isSuper(c))
        throw forbidden('Only a super user may make a template available to all companies');
      const stored = b._id
        ? isUuid(b._id)
          ? await repo.findVisible(db, c.companyId, b._id)
          : null
        : null;
      if (b._id && !stored) throw missing();
      if (stored && !mayEdit(stored.template, c.companyId, isSuper(c)))
        throw forbidden(
          'This template is shared with all companies; only a super user may change it',
        );
      // A template every company uses changes for all of them: only as an explicit choice.
      if (stored && isShared(stored.template) && !b.forEveryCompany)
        throw new HttpError(400, FOR_EVERY_COMPANY_MESSAGE, {
          forEveryCompany: 'must be confirmed: saving changes the template for every company',
        });
      if (b.fields) checkFields(b.fields);
      const html = cleanHtml(b.html, b.names.html);
      checkTemplate(b.emailBody, b.names.emailBody);
      const old = stored?.template;
      const v: repo.TemplateWrite = {
        type: b.type ?? old?.type ?? b.newType ?? 'custom',
        name: b.name,
        description: b.description ?? old?.description ?? '',
        html,
        emailBody: b.emailBody,
        // A shipped template is every company's whatever the switch says; it keeps its flag.
        anyCompany:
          old && old.companyId === null
            ? old.anyCompany
            : (b.anyCompany ?? old?.anyCompany ?? false),
        isInvoice: b.isInvoice ?? old?.isInvoice ?? false,
        isStatement: b.isStatement ?? old?.isStatement ?? false,
        fields: b.fields ?? old?.fields ?? [],
        updatedBy: userOf(c),
      };
      if (old) {
        if (!(await repo.updateTemplate(db, c.companyId, old.id, v))) throw missing();
        return { _id: old.id };
      }
      return { _id: await repo.insertTemplate(db, c.companyId, v) };
    },

    /**
     * A copy of a template the company sees (a shipped or shared one, usually)
     * owned by the company, which its members may then change (settings c).
     */
    async copy(c: Caller, id: string, name?: string): Promise<{ _id: string }> {
      const row = await repo.findVisible(db, c.companyId, id);
      if (!row) throw missing();
      const t = row.template;
      return {
        _id: await repo.insertTemplate(db, c.companyId, {
          type: t.type,
          name: name ?? `${t.name} (copy)`.slice(0, 120),
          description: t.description,
          html: t.html,
          emailBody: t.emailBody,
          anyCompany: false,
          isInvoice: t.isInvoice,
          isStatement: t.isStatement,
          fields: t.fields,
          updatedBy: userOf(c),
        }),
      };
    },

    /** Unsaved HTML filled with a record the caller may read, or with sample data. */
    async preview(
      c: Caller,
      p: {
        template: string;
        type: TTemplateType;
        recordId?: string | null;
        fields?: TTemplateField[];
        sample?: 'invoice' | 'quote';
      },
    ) {
      if (p.recordId) {
        requireRight(c, p.type === 'statement' ? 'clients' : 'invoices', 'r');
        if (!isUuid(p.recordId)) throw badField('recordId', 'is not a record of this company');
      }
      checkTemplate(p.template, 'template');
      return previewHtml(deps, c.companyId, p, records);
    },

    /** 404 unless the caller may change the template (checked before reading an upload). */
    async requireEditable(c: Caller, id: string) {
      const row = await repo.findVisible(db, c.companyId, id);
      if (!row) throw missing();
      if (!mayEdit(row.template, c.companyId, isSuper(c))) throw forbidden();
    },

    /** Stores an uploaded image for the template; it is public at the answered URL. */
    async addImage(c: Caller, id: string, up: Upload) {
      const file = up.files.file;
      if (!file) throw badField('file', 'is required');
      return db.transaction(async (tx) => {
        const fileId = await storeFile(
          tx,
          { quotaBytes: deps.config.storageQuotaBytes, field: 'file' },
          {
            companyId: c.companyId,
            userId: userOf(c),
            contentType: file.contentType,
            data: file.data,
          },
        );
        const imageId = await repo.insertTemplateImage(tx, c.companyId, id, fileId);
        if (!imageId) throw missing();
        return { _id: imageId, url: `/images/template/${imageId}` };
      });
    },
  };
}
