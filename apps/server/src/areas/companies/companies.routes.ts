import { z } from 'zod';
import {
  ZCompany,
  ZCompanyGroup,
  ZCompanySave,
  ZCompanySummary,
  ZGroupSave,
  ZInvite,
  ZMemberSave,
  ZMessage,
  ZSaved,
  text,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, callerOf } from '../../platform/access.js';
import { badField } from '../../platform/errors.js';
import { readImageUpload, withUploads } from '../../platform/uploads.js';
import type { CompaniesService } from './companies.service.js';

const LOGO_MAX = 2 * 1024 * 1024;
/** New companies one user may create in an hour. */
export const COMPANIES_PER_HOUR = 20;
const cid = z.object({ cid: z.string() });
const id = z.object({ id: z.string() });

export const companiesRoutes: FastifyPluginAsyncZod<{ companies: CompaniesService }> = async (
  app,
  { companies },
) => {
  app.get('/api/companies', {
    config: { access: access.user },
    schema: { tags: ['companies'], response: { 200: z.array(ZCompanySummary) } },
    handler: (req) => companies.listMine(req.user!.id),
  });

  // Creating a company (with its logo) and replacing the logo read multipart bodies.
  await withUploads(app, (scope) => {
    scope.post('/api/companies', {
      config: {
        access: access.user,
        // Per user: a flood of new companies would crowd the queue's fair claim for everyone
        // (docs/performance.md, "Fairness between companies").
        rateLimit: {
          max: COMPANIES_PER_HOUR,
          timeWindow: '1 hour',
          hook: 'preHandler',
          keyGenerator: (req) => `company-create:${req.user?.id ?? req.ip}`,
        },
      },
      schema: {
        tags: ['companies'],
        consumes: ['multipart/form-data'],
        description: 'Fields: companyName; file: logo.',
        response: { 200: ZSaved },
      },
      handler: async (req) => {
        const up = await readImageUpload(req, LOGO_MAX);
        const name = text(120).safeParse(up.fields.companyName ?? '');
        if (!name.success)
          throw badField('companyName', name.error.issues[0]?.message ?? 'is invalid');
        return companies.create(req.user!.id, name.data, up.files.logo ?? null);
      },
    });

    scope.post('/api/companies/:cid/logo', {
      config: { access: access.company('settings', 'u') },
      schema: {
        tags: ['companies'],
        params: cid,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ companyLogo: z.string() }) },
      },
      handler: async (req) => {
        const up = await readImageUpload(req, LOGO_MAX);
        if (!up.files.logo) throw badField('logo', 'is required');
        return companies.setLogo(req.company!.id, req.user!.id, up.files.logo);
      },
    });
  });

  app.get('/api/companies/:id', {
    config: { access: access.member('params.id') },
    schema: { tags: ['companies'], params: id, response: { 200: ZCompany } },
    handler: (req) => companies.get(req.company!.id, callerOf(req)),
  });

  app.post('/api/companies/:id', {
    config: { access: access.company('settings', 'u', 'params.id') },
    schema: { tags: ['companies'], params: id, body: ZCompanySave, response: { 200: ZSaved } },
    handler: (req) => companies.save(req.company!.id, req.body, callerOf(req)),
  });

  app.get('/api/companies/:cid/groups', {
    config: { access: access.company('settings', 'r') },
    schema: { tags: ['companies'], params: cid, response: { 200: z.array(ZCompanyGroup) } },
    handler: (req) => companies.listGroups(req.company!.id),
  });

  app.post('/api/companies/:cid/groups', {
    config: { access: access.company('settings', 'u') },
    schema: { tags: ['companies'], params: cid, body: ZGroupSave, response: { 200: ZSaved } },
    handler: (req) => companies.saveGroup(req.company!.id, req.body, callerOf(req)),
  });

  app.post('/api/companies/:cid/groups/:id/delete', {
    config: { access: access.company('settings', 'd') },
    schema: { tags: ['companies'], params: cid.extend(id.shape), response: { 200: ZMessage } },
    handler: (req) => companies.deleteGroup(req.company!.id, req.params.id),
  });

  app.post('/api/companies/:cid/users/:id', {
    config: { access: access.company('settings', 'u') },
    schema: {
      tags: ['companies'],
      params: cid.extend(id.shape),
      body: ZMemberSave,
      response: { 200: ZMessage },
    },
    handler: (req) => companies.saveMember(req.company!.id, req.params.id, req.body, callerOf(req)),
  });

  app.post('/api/people/invite', {
    config: {
      access: access.company('settings', 'c', 'body.companyId'),
      // Per user (after the auth hook), besides the company's hourly sending limit.
      rateLimit: {
        max: 30,
        timeWindow: '1 hour',
        hook: 'preHandler',
        keyGenerator: (req) => `invite:${req.user?.id ?? req.ip}`,
      },
    },
    schema: { tags: ['companies'], body: ZInvite, response: { 200: ZMessage } },
    handler: (req) => companies.invite(req.company!.id, req.user!.id, req.body, callerOf(req)),
  });
};
