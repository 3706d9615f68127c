import { z } from 'zod';
import {
  ZPortalLinkCreate,
  ZPortalLinkCreated,
  ZPortalLinkStatus,
  ZPortalView,
  ZQuoteAccept,
  ZQuoteChanges,
  ZQuoteDecline,
  ZStatementPeriodQuery,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import { attachment } from '../../platform/attachment.js';
import type { PortalAnswer, PortalService } from './portal.service.js';

const cidId = z.object({ cid: z.string(), id: z.string() });
// Not named `…Id`: the access hook would answer its own 404 for a malformed id.
const tokenParams = z.object({ token: z.string() });
/** Public and unauthenticated: a visitor gets a few dozen reads a minute. */
const perIp = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const tags = ['portal'];

/** A PDF for the client: never cached, never sniffed. */
function sendPdf(
  reply: { header(k: string, v: string): unknown; send(b: Buffer): unknown },
  d: { pdf: Buffer; fileName: string },
) {
  reply.header('Content-Type', 'application/pdf');
  reply.header('Content-Disposition', attachment(d.fileName));
  reply.header('Cache-Control', 'no-store');
  reply.header('Referrer-Policy', 'no-referrer');
  reply.header('X-Content-Type-Options', 'nosniff');
  return reply.send(d.pdf);
}

/** The client portal (docs/portal.md): staff manage a client's link; the client opens it. */
export const portalRoutes: FastifyPluginAsyncZod<{ portal: PortalService }> = async (
  app,
  { portal },
) => {
  const link = '/api/companies/:cid/entities/:id/portal-link';

  app.get(link, {
    config: { access: access.company('clients', 'r') },
    schema: {
      tags,
      description: "The client's portal link: none, active, expired or revoked (never its token).",
      params: cidId,
      response: { 200: ZPortalLinkStatus },
    },
    handler: (req) => portal.status(req.company!.id, req.params.id),
  });

  app.post(link, {
    // The link shows the client's invoices and lets them answer quotes: invoices r as well.
    config: { access: access.allOf(['clients.u', 'invoices.r']) },
    schema: {
      tags,
      description:
        "Makes a new portal link for the client (the client's other links stop working) and, with send, e-mails it to the client. The address is answered this once. Needs clients u and invoices r.",
      params: cidId,
      body: ZPortalLinkCreate,
      response: { 200: ZPortalLinkCreated },
    },
    handler: (req) =>
      portal.create(req.company!.id, req.params.id, req.user!.id, req.body.send === true),
  });

  app.post(`${link}/revoke`, {
    config: { access: access.company('clients', 'u') },
    schema: {
      tags,
      description: "Revokes the client's portal links: they open nothing any more.",
      params: cidId,
      response: { 200: ZPortalLinkStatus },
    },
    handler: (req) => portal.revoke(req.company!.id, req.params.id),
  });

  app.get('/api/portal/:token', {
    config: { access: access.public, ...perIp },
    schema: {
      tags,
      description:
        "The portal of a link /portal/{token}: the client's invoices, quotes, credit notes and upcoming jobs, and the company's contact details. 404 for an unknown or revoked link, 410 for an expired one.",
      params: tokenParams,
      response: { 200: ZPortalView },
    },
    handler: async (req, reply) => {
      const view = await portal.view(req.params.token);
      reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
      return view;
    },
  });

  app.get('/api/portal/:token/statement', {
    config: { access: access.public, ...perIp },
    schema: {
      tags,
      description:
        "The client's statement as a PDF; with `from` and/or `to` (YYYY-MM-DD, both days included) the period's, its balance brought forward first.",
      params: tokenParams,
      querystring: ZStatementPeriodQuery,
    },
    handler: async (req, reply) =>
      sendPdf(reply, await portal.statementPdf(req.params.token, req.ip, req.query)),
  });

  app.get('/api/portal/:token/credit-notes/:note/download', {
    config: { access: access.public, ...perIp },
    schema: {
      tags,
      description: "One of the client's credit notes as a PDF.",
      params: tokenParams.extend({ note: z.string() }),
    },
    handler: async (req, reply) =>
      sendPdf(reply, await portal.creditNotePdf(req.params.token, req.params.note, req.ip)),
  });

  /** The client answers one of their quotes: accept, decline or ask for changes. */
  const answer = <B extends z.ZodTypeAny>(
    path: string,
    body: B,
    description: string,
    kind: (b: z.output<B>) => PortalAnswer,
  ) =>
    app.post(`/api/portal/:token/quotes/:quote/${path}`, {
      config: { access: access.public, rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        description,
        params: tokenParams.extend({ quote: z.string() }),
        body,
        response: { 200: z.object({ message: z.string() }) },
      },
      handler: (req) =>
        portal.answer(req.params.token, req.params.quote, kind(req.body as z.output<B>), {
          ip: req.ip,
          userAgent: String(req.headers['user-agent'] ?? ''),
        }),
    });
  answer(
    'accept',
    ZQuoteAccept,
    'The client accepts the quote as it stands (typed name, drawn signature, PO number, the terms); recorded with the time, address and browser, it locks the quote. 409 when the total is not the one seen, or once accepted.',
    (b) => ({ kind: 'accepted', ...b }),
  );
  answer('decline', ZQuoteDecline, 'The client declines the quote, with a reason.', (b) => ({
    kind: 'declined',
    reason: b.reason,
  }));
  answer('changes', ZQuoteChanges, 'The client asks for changes to the quote.', (b) => ({
    kind: 'changes',
    message: b.message,
  }));

  app.post('/api/portal/:token/renew', {
    config: { access: access.public, rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags,
      description:
        'An expired link asks for a fresh one, e-mailed to the address the company has for the client (never shown).',
      params: tokenParams,
      response: { 200: z.object({ message: z.string() }) },
    },
    handler: (req) => portal.renew(req.params.token),
  });
};
