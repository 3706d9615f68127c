import { z } from 'zod';
import {
  ZAccountItem,
  ZChangeItemAccount,
  ZIncomeStatement,
  ZLedgerAccount,
  ZLedgerAccountSave,
  ZMessage,
  ZPeriodQuery,
  ZSaved,
  ZVatSummary,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access, callerOf } from '../../platform/access.js';
import type { LedgerService } from './ledger.service.js';

const base = '/api/companies/:cid/accounts';
const cid = z.object({ cid: z.string() });
const cidId = cid.extend({ id: z.string() });
const cell = cid.extend({ period: z.string(), accountId: z.string(), income: z.string() });
const tags = ['accounting'];
// The menu's rule: "Invoices and Accounting need invoices create".
const needs = access.company('invoices', 'c');

/** Shown in the browser's PDF viewer, with an ASCII fallback name. */
function contentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Ledger accounts, account items and the income statement (docs/accounting.md). */
export const ledgerRoutes: FastifyPluginAsyncZod<{ ledger: LedgerService }> = async (
  app,
  { ledger },
) => {
  app.get(base, {
    config: { access: needs },
    schema: {
      tags,
      description: "The company's ledger accounts; its two default accounts are made on first use.",
      params: cid,
      response: { 200: z.array(ZLedgerAccount) },
    },
    handler: (req) => ledger.list(req.company!.id),
  });

  app.post(base, {
    // Accounting needs invoices c (the menu's rule); changing an existing account needs u too.
    config: {
      access: access.rule({
        all: ['invoices.c'],
        when: { if: { field: 'body._id' }, all: ['invoices.u'] },
      }),
    },
    schema: {
      tags,
      description:
        'Creates (no _id) or updates an account. The type defaults to revenue; income follows the type.',
      params: cid,
      body: ZLedgerAccountSave,
      response: { 200: ZSaved },
    },
    handler: (req) => ledger.save(req.company!.id, req.body),
  });

  app.get(`${base}/incomeStatement`, {
    config: { access: needs },
    schema: {
      tags,
      description:
        'Totals per month (YYYY-MM), account and income flag; every month of the period.',
      params: cid,
      querystring: ZPeriodQuery,
      response: { 200: ZIncomeStatement },
    },
    handler: (req) => ledger.incomeStatement(req.company!.id, req.query),
  });

  app.get(`${base}/accountItems/:period/:accountId/:income`, {
    config: { access: needs },
    schema: {
      tags,
      description:
        'The items of one statement cell (month YYYY-MM, account, income true|false), by date.',
      params: cell,
      response: { 200: z.array(ZAccountItem) },
    },
    handler: (req) =>
      ledger.accountItems(
        req.company!.id,
        callerOf(req),
        req.params.period,
        req.params.accountId,
        req.params.income,
      ),
  });

  app.post(`${base}/changeItemAccount`, {
    config: { access: needs },
    schema: {
      tags,
      description:
        'Moves an item to another account and keeps the choice on its invoice line or expense.',
      params: cid,
      body: ZChangeItemAccount,
      response: { 200: ZMessage },
    },
    handler: (req) => ledger.changeItemAccount(req.company!.id, callerOf(req), req.body),
  });

  app.get(`${base}/download`, {
    config: { access: needs },
    schema: {
      tags,
      description: 'The profit and loss report of the period as a PDF.',
      params: cid,
      querystring: ZPeriodQuery,
    },
    handler: async (req, reply) => {
      const { fileName, pdf } = await ledger.report(req.company!.id, req.user!.id, req.query);
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', contentDisposition(fileName))
        .send(pdf);
    },
  });

  app.get(`${base}/vat`, {
    config: { access: needs },
    schema: {
      tags,
      description:
        "The period's VAT201 figures: output VAT of invoices (not quotes); input tax is the VAT in the period's credit notes (field 18; expenses carry no VAT).",
      params: cid,
      querystring: ZPeriodQuery,
      response: { 200: ZVatSummary },
    },
    handler: (req) => ledger.vat(req.company!.id, req.query),
  });

  // Deleting needs two flags, invoices c (Accounting) and d.
  app.delete(`${base}/:id`, {
    config: { access: access.allOf(['invoices.c', 'invoices.d']) },
    schema: { tags, params: cidId, response: { 200: ZMessage } },
    handler: (req) => ledger.remove(req.company!.id, req.params.id),
  });
};
