import { z } from 'zod';
import {
  ZCreditNoteApply,
  ZCreditNote,
  ZCreditNoteList,
  ZCreditNoteListQuery,
  ZCreditNoteRefundSave,
  ZCreditNoteSave,
  ZOpenInvoice,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { CreditNotesService } from './credit-notes.service.js';

const cidId = z.object({ cid: z.string(), id: z.string() });
const NOTES = '/api/companies/:cid/credit-notes';
const tags = ['invoices'];

/**
 * Credit notes (VAT Act s21(3)(a), docs/payments.md; access area `invoices`):
 * issued on an invoice, never edited or deleted; their excess paid back by refunds.
 */
export const creditNotesRoutes: FastifyPluginAsyncZod<{ creditNotes: CreditNotesService }> = async (
  app,
  { creditNotes },
) => {
  app.get('/api/companies/:cid/invoices/:id/credit-notes', {
    config: { access: access.company('invoices', 'r') },
    schema: { tags, params: cidId, response: { 200: z.array(ZCreditNote) } },
    handler: (req) => creditNotes.ofInvoice(req.company!.id, req.params.id),
  });

  app.post('/api/companies/:cid/invoices/:id/credit-notes', {
    config: { access: access.company('invoices', 'u') },
    schema: { tags, params: cidId, body: ZCreditNoteSave, response: { 200: ZCreditNote } },
    handler: (req) => creditNotes.issue(req.company!.id, req.user!.id, req.params.id, req.body),
  });

  app.get(NOTES, {
    config: { access: access.company('invoices', 'r') },
    schema: {
      tags,
      description:
        "The company's credit notes, newest first, dated within from..to (either optional).",
      params: z.object({ cid: z.string() }),
      querystring: ZCreditNoteListQuery,
      response: { 200: ZCreditNoteList },
    },
    handler: (req) => creditNotes.list(req.company!.id, req.query),
  });

  app.get(`${NOTES}/:id`, {
    config: { access: access.company('invoices', 'r') },
    schema: { tags, params: cidId, response: { 200: ZCreditNote } },
    handler: (req) => creditNotes.one(req.company!.id, req.params.id),
  });

  app.post(`${NOTES}/:id/refunds`, {
    config: { access: access.company('invoices', 'u') },
    schema: {
      tags,
      description: "Money paid back out of the note's excess; the refunds never pass it together.",
      params: cidId,
      body: ZCreditNoteRefundSave,
      response: { 200: ZCreditNote },
    },
    handler: (req) => creditNotes.addRefund(req.company!.id, req.user!.id, req.params.id, req.body),
  });

  app.get(`${NOTES}/:id/open-invoices`, {
    config: { access: access.company('invoices', 'r') },
    schema: {
      tags,
      description: "The note's client's invoices with a balance: where its credit may be kept.",
      params: cidId,
      response: { 200: z.array(ZOpenInvoice) },
    },
    handler: (req) => creditNotes.openInvoices(req.company!.id, req.params.id),
  });

  app.post(`${NOTES}/:id/apply`, {
    config: { access: access.company('invoices', 'u') },
    schema: {
      tags,
      description:
        "What the note owes the client kept for a later invoice of theirs, as a payment of it (at most that invoice's balance).",
      params: cidId,
      body: ZCreditNoteApply,
      response: { 200: ZCreditNote },
    },
    handler: (req) => creditNotes.apply(req.company!.id, req.user!.id, req.params.id, req.body),
  });

  app.post(`${NOTES}/:id/refunds/:refundId/delete`, {
    config: { access: access.company('invoices', 'u') },
    schema: {
      tags,
      description: 'A refund recorded by mistake taken off.',
      params: cidId.extend({ refundId: z.string() }),
      response: { 200: ZCreditNote },
    },
    handler: (req) => creditNotes.removeRefund(req.company!.id, req.params.id, req.params.refundId),
  });
};
