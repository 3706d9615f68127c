import { z } from 'zod';
import { ZCalendarFeed } from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { CalendarFeedsService } from './calendar-feeds.service.js';

const cid = z.object({ cid: z.string() });
const BASE = '/api/companies/:cid/calendarFeed';
const tags = ['calendar feed'];
/** Public and unauthenticated: calendar apps poll every few minutes at most. */
const perIp = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The caller's private calendar feed of their jobs in the company (docs/scheduling.md). */
export const calendarFeedsRoutes: FastifyPluginAsyncZod<{ feeds: CalendarFeedsService }> = async (
  app,
  { feeds },
) => {
  app.get(BASE, {
    config: { access: access.company('appointments', 'r') },
    schema: {
      tags,
      description: "Whether the caller's calendar feed in this company is on, and its URL.",
      params: cid,
      response: { 200: ZCalendarFeed },
    },
    handler: async (req) => feeds.get(req.company!.id, req.user!.id),
  });

  app.post(BASE, {
    config: { access: access.company('appointments', 'r') },
    schema: {
      tags,
      description:
        'Turns the calendar feed on, or gives it a new URL: the old URL stops working at once.',
      params: cid,
      response: { 200: ZCalendarFeed },
    },
    handler: async (req) => feeds.renew(req.company!.id, req.user!.id),
  });

  app.post(`${BASE}/delete`, {
    config: { access: access.company('appointments', 'r') },
    schema: {
      tags,
      description: 'Turns the calendar feed off: its URL stops working at once.',
      params: cid,
      response: { 200: ZCalendarFeed },
    },
    handler: async (req) => feeds.turnOff(req.company!.id, req.user!.id),
  });

  app.get('/api/calendar/:token.ics', {
    config: { access: access.public, ...perIp },
    schema: {
      tags: ['public'],
      description:
        "A member's jobs from 30 days ago to 12 weeks ahead as iCalendar, for calendar apps " +
        'to subscribe to; token is the secret part of the URL the member was shown.',
      params: z.object({ token: z.string() }),
    },
    handler: async (req, reply) => {
      const text = await feeds.ics(req.params.token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, max-age=300')
        .header('Referrer-Policy', 'no-referrer')
        .header('Content-Disposition', 'inline; filename="jobs.ics"')
        .send(text);
    },
  });
};
