import { z } from 'zod';
import {
  ZCar,
  ZCarSave,
  ZLogBookQuery,
  ZLogBookSummary,
  ZMessage,
  ZTrip,
  ZTripSave,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, callerOf } from '../../platform/access.js';
import { idempotencyHeaders, keyed } from '../../platform/idempotency.js';
import type { VehiclesService } from './vehicles.service.js';

const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const tags = ['vehicles'];
const logBook = '/api/companies/:cid/logBook';
const carsBase = '/api/companies/:cid/cars';

/** Cars and the travel log book (docs/vehicles.md): rights of the expenses area (DECISIONS §2). */
export const vehiclesRoutes: FastifyPluginAsyncZod<{ vehicles: VehiclesService }> = async (
  app,
  { vehicles },
) => {
  const who = callerOf;

  app.get(logBook, {
    config: { access: access.company('expenses', 'r') },
    schema: {
      tags,
      description:
        'Trips of a tax year (`year`) or `from`/`to`, newest first; by car or driver. At most the newest 1000; header `X-Truncated: true` when there were more (the CSV export holds them all).',
      params: cid,
      querystring: ZLogBookQuery,
      response: { 200: z.array(ZTrip) },
    },
    handler: async (req, reply) => {
      const { trips, truncated } = await vehicles.listTrips(req.company!.id, req.query);
      void reply.header('X-Truncated', String(truncated));
      return trips;
    },
  });

  // Static segments: find-my-way prefers them to `/logBook/:id` whatever the order.
  app.get(`${logBook}/summary`, {
    config: { access: access.company('expenses', 'r') },
    schema: {
      tags,
      description:
        "Each car's opening and closing odometer, total, business and private km; over all drivers (`driverId` is ignored).",
      params: cid,
      querystring: ZLogBookQuery,
      response: { 200: ZLogBookSummary },
    },
    handler: (req) => vehicles.summary(req.company!.id, req.query),
  });

  app.get(`${logBook}/export`, {
    config: { access: access.company('expenses', 'r') },
    schema: {
      tags,
      description:
        "The year's trips and total rows as semicolon-separated CSV; over all drivers (`driverId` is ignored).",
      params: cid,
      querystring: ZLogBookQuery,
    },
    handler: async (req, reply) => {
      const { csv, name } = await vehicles.exportCsv(req.company!.id, req.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  });

  app.get(`${logBook}/:id`, {
    config: { access: access.company('expenses', 'r') },
    schema: { tags, params: cidId, response: { 200: ZTrip } },
    handler: (req) => vehicles.getTrip(req.company!.id, req.params.id),
  });

  app.post(logBook, {
    config: { access: access.save('expenses', 'body._id') },
    schema: {
      tags,
      description:
        'Create (no `_id`, needs expenses.c) or update (needs expenses.u; a stale `updatedAt` is a 409).',
      params: cid,
      headers: idempotencyHeaders,
      body: ZTripSave,
      response: { 200: ZTrip },
    },
    handler: (req, reply) => keyed(req, reply, (key) => vehicles.saveTrip(who(req), req.body, key)),
  });

  app.post(`${logBook}/:id/delete`, {
    config: { access: access.company('expenses', 'd') },
    schema: { tags, params: cidId, response: { 200: ZMessage } },
    handler: (req) => vehicles.removeTrip(req.company!.id, req.params.id),
  });

  app.get(carsBase, {
    config: { access: access.company('expenses', 'r') },
    schema: { tags, params: cid, response: { 200: z.array(ZCar) } },
    handler: (req) => vehicles.listCars(req.company!.id),
  });

  app.get(`${carsBase}/:id`, {
    config: { access: access.company('expenses', 'r') },
    schema: { tags, params: cidId, response: { 200: ZCar } },
    handler: (req) => vehicles.getCar(req.company!.id, req.params.id),
  });

  app.post(carsBase, {
    config: { access: access.save('expenses', 'body._id') },
    schema: {
      tags,
      description:
        'Create (no `_id`, needs expenses.c) or update (needs expenses.u; a stale `updatedAt` is a 409).',
      params: cid,
      body: ZCarSave,
      response: { 200: ZCar },
    },
    handler: (req) => vehicles.saveCar(who(req), req.body),
  });
};
