import { z } from 'zod';
import { ZExpense, ZExpenseSummary, ZMessage, ZPeriodQuery, ZSaved } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, callerOf, decideSave, hasId } from '../../platform/access.js';
import { badField } from '../../platform/errors.js';
import { checkInput } from '../../platform/input-guard.js';
import { readImageUpload, withUploads } from '../../platform/uploads.js';
import type { ExpensesService } from './expenses.service.js';

const PHOTO_MAX = 5 * 1024 * 1024;
const base = '/api/companies/:cid/expenses';
const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const tags = ['expenses'];

/** The multipart `data` field: the JSON of an expense save. */
function readData(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') throw badField('data', 'is required');
  let data: unknown;
  try {
    data = JSON.parse(text) as unknown;
  } catch {
    throw badField('data', 'must be JSON');
  }
  // The input guard's hook never saw this JSON: a multipart field is read in the handler.
  checkInput(data, 'data');
  return data;
}

/** Routes of the expenses area (DECISIONS §2: area `expenses`). */
export const expensesRoutes: FastifyPluginAsyncZod<{ expenses: ExpensesService }> = async (
  app,
  { expenses },
) => {
  app.get(base, {
    config: { access: access.company('expenses', 'r') },
    schema: { tags, params: cid, querystring: ZPeriodQuery, response: { 200: z.array(ZExpense) } },
    handler: (req) => expenses.list(req.company!.id, req.query),
  });

  app.get(`${base}/summary`, {
    config: { access: access.company('expenses', 'r') },
    schema: { tags, params: cid, querystring: ZPeriodQuery, response: { 200: ZExpenseSummary } },
    handler: (req) => expenses.summary(req.company!.id, req.query),
  });

  app.get(`${base}/:id`, {
    config: { access: access.company('expenses', 'r') },
    schema: { tags, params: cidId, response: { 200: ZExpense } },
    handler: (req) => expenses.get(req.company!.id, req.params.id),
  });

  // One route creates (needs c) and updates (needs u); which one is in the
  // multipart body, so the hook admits c or u and the handler has platform decide.
  await withUploads(app, (scope) => {
    scope.post(base, {
      config: { access: access.save('expenses', 'handler') },
      schema: {
        tags,
        params: cid,
        consumes: ['multipart/form-data'],
        description:
          'Fields: data (the JSON of ZExpenseSave; no _id creates, needs expenses.c; ' +
          'with _id updates, needs expenses.u); file: photo (PNG, JPEG, GIF or WebP, at most 5 MB).',
        response: { 200: ZSaved },
      },
      handler: async (req) => {
        const up = await readImageUpload(req, PHOTO_MAX);
        const data = readData(up.fields.data);
        // Before the body is validated: a caller without the right learns nothing from it.
        decideSave(req, hasId(data));
        return expenses.save(callerOf(req), data, up.files.photo ?? null);
      },
    });
  });

  app.post(`${base}/:id/delete`, {
    config: { access: access.company('expenses', 'd') },
    schema: { tags, params: cidId, response: { 200: ZMessage } },
    handler: (req) => expenses.remove(req.company!.id, req.params.id),
  });
};
