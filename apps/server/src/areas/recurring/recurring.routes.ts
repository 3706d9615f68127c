import { z } from 'zod';
import {
  RECURRING_TYPES,
  ZMessage,
  ZRecurringItem,
  ZRecurringSave,
  ZRecurringSaved,
  recurringItemFor,
  recurringPricesWithheld,
  type TRecurringType,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { access } from '../../platform/access.js';
import { recurringCsv, recurringSageCsv } from './recurring.export.js';
import type { RecurringPreview } from './recurring.preview.js';
import { AREA_OF, readableTypes, type RecurringService } from './recurring.service.js';

const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const tags = ['recurring'];
const base = '/api/companies/:cid/recurring';

const csv = (reply: FastifyReply, name: string, text: string) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .send(text);

/**
 * Recurring items (spec §7). Each type has its own paths, so each route
 * declares its own area (invoices, expenses, appointments for `calender`);
 * `all` lists the types the member may read.
 */
export const recurringRoutes: FastifyPluginAsyncZod<{
  recurring: RecurringService;
  preview: RecurringPreview;
}> = async (app, { recurring, preview }) => {
  const listed = [...RECURRING_TYPES, 'all'] as const;
  for (const type of listed) {
    const url = `${base}/${type}`;
    const r = type === 'all' ? access.member() : access.company(AREA_OF[type], 'r');
    const types = (member: Parameters<typeof readableTypes>[0]): TRecurringType[] =>
      type === 'all' ? readableTypes(member) : [type];

    app.get(url, {
      config: { access: r },
      schema: { tags, params: cid, response: { 200: z.array(ZRecurringItem) } },
      // A recurring job's prices only with invoices r (core recurringItemFor, one rule).
      handler: async (req) =>
        (await recurring.list(req.company!.id, types(req.company!.member))).map((i) =>
          recurringItemFor(req.company!.member, i),
        ),
    });

    app.get(`${url}/export`, {
      config: { access: r },
      schema: {
        tags,
        params: cid,
        description:
          'CSV: Type, Client or supplier, Description, Frequency, Start, Next run, Last run, Active, Total.',
      },
      handler: async (req, reply) =>
        csv(
          reply,
          `recurring-${type}.csv`,
          recurringCsv(await recurring.list(req.company!.id, types(req.company!.member))),
        ),
    });

    app.get(`${url}/exportSage`, {
      config: { access: r },
      schema: {
        tags,
        params: cid,
        description:
          "The accounting-package CSV (docs/exports.md): the invoices' own Sage file (Type, " +
          'Customer reference, Date, Customer name, Reference, Ledger account, Details, Net, ' +
          'VAT rate, VAT, Total) of what the items make on their next run: invoices and jobs ' +
          'as customer invoices (SI), expenses as supplier invoices (PI), all as both.',
      },
      handler: async (req, reply) => {
        const member = req.company!.member;
        // A job's invoice shows prices: its rows need invoices r as well (without it, none).
        const chosen = types(member).filter((t) => !recurringPricesWithheld(member, t));
        const { items, tax, codes } = await recurring.sageSource(req.company!.id, chosen);
        return csv(reply, `recurring-${type}-sage.csv`, recurringSageCsv(type, items, tax, codes));
      },
    });

    if (type === 'all') continue;
    const area = AREA_OF[type];

    app.get(`${url}/:id`, {
      config: { access: r },
      schema: { tags, params: cidId, response: { 200: ZRecurringItem } },
      handler: async (req) =>
        recurringItemFor(
          req.company!.member,
          await recurring.get(req.company!.id, type, req.params.id),
        ),
    });

    app.post(url, {
      // No _id creates (needs c), an _id updates (needs u).
      config: { access: access.save(area, 'body._id') },
      schema: { tags, params: cid, body: ZRecurringSave, response: { 200: ZRecurringSaved } },
      // Without invoices r a recurring job's lines are not shown, so they are kept as stored.
      handler: (req) =>
        recurring.save(req.company!.id, req.user!.id, type, req.body, {
          keepLines: recurringPricesWithheld(req.company!.member, type),
        }),
    });

    app.post(`${url}/:id/delete`, {
      config: { access: access.company(area, 'd') },
      schema: { tags, params: cidId, response: { 200: ZMessage } },
      handler: (req) => recurring.remove(req.company!.id, type, req.params.id),
    });
  }

  app.get(`${base}/invoice/:id/download`, {
    config: { access: access.company('invoices', 'r') },
    schema: {
      tags,
      params: cidId,
      description: 'PDF: the invoice the item would make on its next run (nothing is saved).',
    },
    handler: async (req, reply) => {
      const pdf = await preview.invoicePdf(req.company!.id, req.params.id, req.user!.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${pdf.fileName}"`)
        .send(pdf.data);
    },
  });
};
