import { z } from 'zod';
import {
  ZAppointment,
  ZAppointmentRange,
  ZAppointmentSave,
  ZCardRange,
  ZJobCard,
  ZJobCommentSave,
  ZJobComments,
  ZJobCommentsQuery,
  ZJobFile,
  ZJobSaved,
  ZMessage,
  ZOfflinePack,
  ZSaved,
  ZPlanJobs,
  ZPlanJobsAnswer,
  ZSortOrder,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, callerOf } from '../../platform/access.js';
import { HttpError, badField } from '../../platform/errors.js';
import { idempotencyHeaders, keyed } from '../../platform/idempotency.js';
import { sendJsonCached, sendJsonList, sendJsonText } from '../../platform/send-json.js';
import { readImageUpload, withUploads } from '../../platform/uploads.js';
import type { JobsService } from './jobs.service.js';

const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const BASE = '/api/companies/:cid/appointments';
const tags = ['jobs'];
const IMAGE_MAX = 5 * 1024 * 1024;

const caller = callerOf;

/** Jobs (appointments): the calendar, the board's active jobs, the job modal's saves. */
export const jobsRoutes: FastifyPluginAsyncZod<{ jobs: JobsService }> = async (app, { jobs }) => {
  app.get(BASE, {
    config: { access: access.company('appointments', 'r') },
    schema: {
      tags,
      description:
        'Jobs overlapping from..to (ISO; default a month either side of today) and every unscheduled job; ' +
        'type: one type id; entityId: every job of that client instead.',
      params: cid,
      querystring: ZAppointmentRange,
      response: { 200: z.array(ZAppointment) },
    },
    // Presented by the server's own presenter: checking a thousand jobs against the schema
    // again would cost more than the read (docs/performance.md).
    handler: async (req, reply) =>
      sendJsonList(reply, await jobs.list(req.company!.id, caller(req), req.query)),
  });

  app.get(`${BASE}/activeJobs`, {
    config: { access: access.company('appointments', 'r') },
    schema: {
      tags,
      description:
        'Active jobs as cards for the board, calendar and planner; a job in full is GET activeJobs/{id}.',
      params: cid,
      response: { 200: z.array(ZJobCard) },
    },
    // Kept per company and view until a card changes, in brotli too (docs/performance.md, "Jobs").
    handler: async (req, reply) =>
      sendJsonCached(req, reply, await jobs.activeCards(req.company!.id, caller(req))),
  });

  app.get(`${BASE}/cards`, {
    config: { access: access.company('appointments', 'r') },
    schema: {
      tags,
      description:
        'Scheduled jobs (active or done) overlapping from..to (ISO, at most 100 days) as cards, ' +
        'for the schedule, planner and calendar; types: a comma list of type ids.',
      params: cid,
      querystring: ZCardRange,
      response: { 200: z.array(ZJobCard) },
    },
    handler: async (req, reply) =>
      sendJsonText(reply, await jobs.rangeCardsJson(req.company!.id, caller(req), req.query)),
  });

  app.get(`${BASE}/offline`, {
    config: { access: access.company('appointments', 'r') },
    schema: {
      tags,
      description:
        "What a phone keeps for working offline (docs/offline.md): the caller's jobs (their user or " +
        "an assignee) from the start of today to the end of the 7th day after it on the company's " +
        'clock and their unscheduled ones, soonest first, at most 300 (`truncated`), each as ' +
        'GET activeJobs/{id} answers it; their types; their clients (with clients r); the newest ' +
        '20 comments of each job whose comments the caller may read.',
      params: cid,
      response: { 200: ZOfflinePack },
    },
    // Presented by the server's own presenters (as the lists are): sent as it is.
    handler: async (req, reply) =>
      sendJsonText(
        reply.header('Cache-Control', 'private, no-store'),
        JSON.stringify(await jobs.offline(req.company!.id, caller(req))),
      ),
  });

  app.get(`${BASE}/activeJobs/:id`, {
    config: { access: access.company('appointments', 'r') },
    schema: { tags, params: cidId, response: { 200: ZAppointment } },
    handler: (req) => jobs.get(req.company!.id, caller(req), req.params.id),
  });

  app.get(`${BASE}/export`, {
    config: { access: access.company('appointments', 'r') },
    schema: {
      tags,
      description: 'CSV: Number, Reported Date, Cleared Date, Current Status, Fault, Resolution.',
      params: cid,
    },
    handler: async (req, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="appointments.csv"')
        .send(await jobs.exportCsv(req.company!.id)),
  });

  app.post(BASE, {
    // No _id creates (appointments c), an _id updates (appointments u).
    config: { access: access.save('appointments', 'body._id') },
    schema: {
      tags,
      params: cid,
      headers: idempotencyHeaders,
      body: ZAppointmentSave,
      response: { 200: ZJobSaved },
    },
    handler: (req, reply) =>
      keyed(req, reply, (key) => jobs.save(req.company!.id, caller(req), req.body, key)),
  });

  app.post(`${BASE}/:id/delete`, {
    config: { access: access.company('appointments', 'd') },
    schema: { tags, params: cidId, response: { 200: ZMessage } },
    handler: (req) => jobs.remove(req.company!.id, caller(req), req.params.id),
  });

  app.post(`${BASE}/sortOrder`, {
    config: { access: access.company('appointments', 'u') },
    schema: { tags, params: cid, body: ZSortOrder, response: { 200: ZMessage } },
    handler: (req) => jobs.sortOrder(req.company!.id, req.body),
  });

  app.post(`${BASE}/plan`, {
    config: { access: access.company('appointments', 'u') },
    schema: { tags, params: cid, body: ZPlanJobs, response: { 200: ZPlanJobsAnswer } },
    handler: (req) => jobs.plan(req.company!.id, caller(req), req.body),
  });

  app.get(`${BASE}/:id/comments`, {
    config: { access: access.company('appointments', 'r') },
    schema: {
      tags,
      params: cidId,
      querystring: ZJobCommentsQuery,
      response: { 200: ZJobComments },
    },
    handler: (req) => jobs.comments(req.company!.id, caller(req), req.params.id, req.query),
  });

  app.post(`${BASE}/:id/comments`, {
    // A comment changes the job (it counts towards required comments): appointments u.
    config: { access: access.company('appointments', 'u') },
    schema: {
      tags,
      params: cidId,
      headers: idempotencyHeaders,
      body: ZJobCommentSave,
      response: { 200: ZSaved },
    },
    handler: (req, reply) =>
      keyed(req, reply, (key) =>
        jobs.addComment(req.company!.id, caller(req), req.params.id, req.body.text, key),
      ),
  });

  await withUploads(app, (scope) => {
    scope.post(`${BASE}/:id/images`, {
      config: { access: access.company('appointments', 'u') },
      schema: {
        tags,
        params: cidId,
        headers: idempotencyHeaders,
        consumes: ['multipart/form-data'],
        description:
          'One file (any field name; PNG, JPEG, GIF or WebP, at most 5 MB); with the text field ' +
          "kind=signature it must be a PNG. Answers the file id to put in the job's values.",
        response: { 200: ZJobFile },
      },
      handler: async (req, reply) => {
        // The job is looked up before the body is read: another company's id is a 404.
        const job = await jobs.get(req.company!.id, caller(req), req.params.id);
        const up = await readImageUpload(req, IMAGE_MAX);
        const [name, file] = Object.entries(up.files)[0] ?? [];
        if (!name || !file) throw badField('file', 'is required');
        if (up.fields.kind === 'signature' && file.contentType !== 'image/png')
          throw new HttpError(400, `${name} must be a PNG image`, {
            [name]: 'must be a PNG image',
          });
        // A key's request is the job, the kind and the file's bytes (docs/offline.md).
        return keyed(
          req,
          reply,
          (key) => jobs.addImage(req.company!.id, caller(req), req.params.id, file, key),
          [job._id, up.fields.kind ?? '', file.data],
        );
      },
    });
  });
};
