import { z } from 'zod';
import {
  ZInvoiceTemplate,
  ZInvoiceTemplateSave,
  ZRenderedHtml,
  ZSaved,
  ZStatementTemplate,
  ZStatementTemplateSave,
  ZStatementTemplateSaved,
  ZTemplate,
  ZTemplateCopy,
  ZTemplateImage,
  ZTemplatePreview,
  ZTemplateSave,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { access, callerOf, isUuid } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { readImageUpload, withUploads } from '../../platform/uploads.js';
import { unsafeGetTemplateImage } from '../files/index.js';
import { attachment } from '../../platform/attachment.js';
import {
  presentInvoiceTemplate,
  presentStatementTemplate,
  presentTemplate,
} from './templates.present.js';
import type { TemplatesService } from './templates.service.js';

const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const tags = ['templates'];
const base = (path: string) => `/api/companies/:cid/${path}`;
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const caller = callerOf;

/** Members who may see documents (invoices r or clients r) or settings may read templates. */
const read = { config: { access: access.anyOf(['settings.r', 'invoices.r', 'clients.r']) } };
/** A save needs settings c (new) or u (an `_id`); the service checks who may change what. */
const write = { config: { access: access.save('settings', 'body._id') } };

/** Invoice, statement and general templates, previews and template images. */
export const templatesRoutes: FastifyPluginAsyncZod<
  { svc: TemplatesService } & Pick<AppDeps, 'database' | 'pdf'>
> = async (app, { svc, database, pdf: printer }) => {
  // /invoiceTemplate: the templates for invoices and quotes.
  app.get(base('invoiceTemplate'), {
    ...read,
    schema: { tags, params: cid, response: { 200: z.array(ZInvoiceTemplate) } },
    handler: (req) => svc.list(caller(req), 'invoice', presentInvoiceTemplate),
  });
  app.get(base('invoiceTemplate/:id'), {
    ...read,
    schema: { tags, params: cidId, response: { 200: ZInvoiceTemplate } },
    handler: (req) => svc.get(caller(req), req.params.id, 'invoice', presentInvoiceTemplate),
  });
  app.post(base('invoiceTemplate'), {
    ...write,
    schema: { tags, params: cid, body: ZInvoiceTemplateSave, response: { 200: ZSaved } },
    handler: (req) => {
      const b = req.body;
      return svc.save(caller(req), {
        _id: b._id,
        name: b.invoiceTemplateName,
        html: b.template,
        emailBody: b.invoiceTemplateEmailBody,
        anyCompany: b.anyCompany,
        fields: b.fields,
        forEveryCompany: b.forEveryCompany,
        newType: 'invoice',
        isInvoice: true,
        names: { html: 'template', emailBody: 'invoiceTemplateEmailBody' },
      });
    },
  });

  // /statementTemplate: the templates for statements.
  app.get(base('statementTemplate'), {
    ...read,
    schema: { tags, params: cid, response: { 200: z.array(ZStatementTemplate) } },
    handler: (req) => svc.list(caller(req), 'statement', presentStatementTemplate),
  });
  app.get(base('statementTemplate/:id'), {
    ...read,
    schema: { tags, params: cidId, response: { 200: ZStatementTemplate } },
    handler: (req) => svc.get(caller(req), req.params.id, 'statement', presentStatementTemplate),
  });
  app.post(base('statementTemplate'), {
    ...write,
    schema: {
      tags,
      params: cid,
      body: ZStatementTemplateSave,
      response: { 200: ZStatementTemplateSaved },
    },
    handler: async (req) => {
      const b = req.body;
      const { _id } = await svc.save(caller(req), {
        _id: b._id,
        name: b.statementTemplateName,
        html: b.template,
        emailBody: b.statementTemplateEmailBody,
        anyCompany: b.anyCompany,
        forEveryCompany: b.forEveryCompany,
        newType: 'statement',
        isStatement: true,
        names: { html: 'template', emailBody: 'statementTemplateEmailBody' },
      });
      return { _id, id: _id };
    },
  });

  // /templates: every template the company sees (the browser filters by type).
  app.get(base('templates'), {
    ...read,
    schema: { tags, params: cid, response: { 200: z.array(ZTemplate) } },
    handler: (req) => svc.list(caller(req), undefined, presentTemplate),
  });
  app.get(base('templates/:id'), {
    ...read,
    schema: { tags, params: cidId, response: { 200: ZTemplate } },
    handler: (req) => svc.get(caller(req), req.params.id, undefined, presentTemplate),
  });
  app.post(base('templates'), {
    ...write,
    schema: { tags, params: cid, body: ZTemplateSave, response: { 200: ZSaved } },
    handler: (req) => {
      const { templateName, template, templateEmailBody, ...b } = req.body;
      return svc.save(caller(req), {
        ...b,
        name: templateName,
        html: template,
        emailBody: templateEmailBody,
        names: { html: 'template', emailBody: 'templateEmailBody' },
      });
    },
  });

  app.post(base('templates/:id/copy'), {
    config: { access: access.company('settings', 'c') },
    schema: {
      tags,
      description:
        'A copy of a template the company sees (shipped, shared or its own) owned by the company.',
      params: cidId,
      body: ZTemplateCopy,
      response: { 200: ZSaved },
    },
    handler: (req) => svc.copy(caller(req), req.params.id, req.body.name),
  });

  app.post(base('templates/preview'), {
    ...read,
    schema: {
      tags,
      description: 'Unsaved template HTML rendered with a real record or sample data, sanitised.',
      params: cid,
      body: ZTemplatePreview,
      response: { 200: ZRenderedHtml },
    },
    handler: async (req) => ({ html: await svc.preview(caller(req), req.body) }),
  });

  app.post(base('templates/pdf'), {
    ...read,
    schema: {
      tags,
      description: 'The preview printed to a PDF ("Generate PDF").',
      params: cid,
      body: ZTemplatePreview,
    },
    handler: async (req, reply) => {
      const pdf = await printer.print(await svc.preview(caller(req), req.body), {
        owner: req.user!.id,
        company: req.company!.id,
      });
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', attachment('template-preview.pdf'))
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });

  await withUploads(app, (scope) => {
    scope.post(base('templates/:id/images'), {
      config: { access: access.company('settings', 'u') },
      schema: {
        tags,
        params: cidId,
        consumes: ['multipart/form-data'],
        description: 'One PNG, JPEG, GIF or WebP image (at most 5 MB) in the field `file`.',
        response: { 200: ZTemplateImage },
      },
      handler: async (req) => {
        // Refuse an unknown or read-only template before reading up to 5 MB of body.
        await svc.requireEditable(caller(req), req.params.id);
        return svc.addImage(
          caller(req),
          req.params.id,
          await readImageUpload(req, IMAGE_MAX_BYTES),
        );
      },
    });
  });

  app.get('/api/images/template/:id', {
    config: { access: access.public },
    schema: { tags, params: z.object({ id: z.string() }) },
    handler: async (req, reply) => {
      if (!isUuid(req.params.id)) throw notFound('Image not found');
      const f = await unsafeGetTemplateImage(database.db, req.params.id);
      if (!f) throw notFound('Image not found');
      return reply
        .header('Content-Type', f.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'")
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(f.data);
    },
  });
};
