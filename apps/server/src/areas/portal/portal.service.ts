import {
  PORTAL_MSG,
  invoiceBalance,
  paymentStatus,
  todayIn,
  toAmount,
  addAmounts,
  type TPortalDocument,
  type TPortalLinkCreated,
  type TPortalLinkStatus,
  type TPortalView,
  type TQuoteAccept,
  type TQuoteResponse,
  type StatementPeriod,
} from '@fieldbook/core';
import { isUuid } from '../../platform/access.js';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { findClientForCompany, type ClientRow } from '../clients/index.js';
import { getCompany, type CompanyRow } from '../companies/index.js';
import { answerQuote, depositFigures, quoteVersion } from '../invoices/index.js';
import type { RenderedDocument } from '../templates/index.js';
import { jobOfAcceptedQuote } from './portal-jobs.js';
import { answerText, mailStaff, sendPortalLink } from './portal-mail.js';
import { notifyStaff, staffToTell } from './portal-notify.js';
import * as links from '../portal-links/index.js';
import {
  hashToken,
  linkState,
  makeLink,
  portalUrl,
  presentStatus,
  tokenShaped,
} from '../portal-links/index.js';
import * as repo from './portal.repo.js';

/** The documents the portal prints, gathered by the areas owning them (wired in app.ts). */
export interface PortalDocuments {
  statement(
    companyId: string,
    clientId: string,
    period?: StatementPeriod,
  ): Promise<RenderedDocument>;
  creditNote(companyId: string, id: string): Promise<RenderedDocument>;
}

type Deps = Pick<
  AppDeps,
  'database' | 'config' | 'mailer' | 'sealer' | 'pdf' | 'events' | 'caches'
>;

/** A client's answer as the routes pass it. */
export type PortalAnswer =
  | ({ kind: 'accepted' } & TQuoteAccept)
  | { kind: 'declined'; reason: string }
  | { kind: 'changes'; message: string };

/** What the client reads once their answer is recorded. */
const ANSWERED: Record<PortalAnswer['kind'], string> = {
  accepted: 'Thank you: the quote is accepted.',
  declined: 'Thank you: the business is told you declined the quote.',
  changes: 'Thank you: the business is told what you would like changed.',
};

/** A client asks for a fresh link at most this often a day (each is an e-mail to them). */
export const RENEWALS_PER_DAY = 3;

const clientName = (c: ClientRow) => `${c.name} ${c.surname ?? ''}`.trim();

export type PortalService = ReturnType<typeof createPortalService>;

/**
 * The client portal (DECISIONS §16, docs/portal.md): staff make, e-mail and
 * revoke a client's link; the client reads their documents and jobs with it.
 * Every read is scoped to the link's one client of one company.
 */
export function createPortalService(deps: Deps, documents: PortalDocuments) {
  const db = deps.database.db;

  async function clientOf(companyId: string, clientId: string) {
    const [company, client] = await Promise.all([
      getCompany(db, companyId),
      findClientForCompany(db, companyId, clientId),
    ]);
    if (!company || !client) throw notFound('Client not found');
    return { company, client };
  }

  /** A link made now, e-mailed to the client when asked (within the company's sending limit). */
  async function makeAndSend(
    company: CompanyRow,
    client: ClientRow,
    createdBy: string | null,
    send: boolean,
    /** Runs first in the link's transaction (a renewal retires its old link there: its id). */
    guard?: (tx: Tx) => Promise<string[]>,
  ) {
    const email = client.email?.trim() ?? '';
    if (send && !email) throw badField('send', 'The client has no e-mail address');
    const made = await db.transaction(async (tx) => {
      const retired = (await guard?.(tx)) ?? [];
      const link = await makeLink(tx, deps.sealer, {
        companyId: company.id,
        clientId: client.id,
        days: company.portalLinkDays,
        createdBy,
      });
      return { ...link, replaced: [...retired, ...link.replaced] };
    });
    const url = portalUrl(deps.config.publicUrl, made.token);
    if (send) {
      try {
        await sendPortalLink(deps, company, {
          to: email,
          name: clientName(client),
          url,
          expiresAt: made.link.expiresAt,
        });
      } catch (e) {
        // A link nobody received helps nobody: the client's links are put back as they were.
        await db.transaction((tx) => links.undoLink(tx, made.link.id, made.replaced));
        if (e instanceof HttpError) throw e;
        throw new HttpError(
          502,
          `The e-mail could not be sent, so no new link was made: ${(e as Error).message}`.slice(
            0,
            300,
          ),
        );
      }
    }
    return { url, link: made.link, sentTo: send ? email : null };
  }

  /** The link of a token, if it opens the portal now: 404 unknown or revoked, 410 expired. */
  async function openLink(token: string) {
    const link = tokenShaped(token) ? await links.findByHash(db, hashToken(token)) : null;
    const state = linkState(link);
    if (!link || state === 'none' || state === 'revoked') throw notFound(PORTAL_MSG.notFound);
    if (state === 'expired') throw new HttpError(410, PORTAL_MSG.expired);
    const { company, client } = await clientOf(link.companyId, link.clientId).catch(() => {
      throw notFound(PORTAL_MSG.notFound);
    });
    return { link, company, client };
  }

  return {
    async status(companyId: string, clientId: string): Promise<TPortalLinkStatus> {
      await clientOf(companyId, clientId);
      return presentStatus(await links.latestLink(db, companyId, clientId));
    },

    async create(
      companyId: string,
      clientId: string,
      userId: string,
      send: boolean,
    ): Promise<TPortalLinkCreated> {
      const { company, client } = await clientOf(companyId, clientId);
      const made = await makeAndSend(company, client, userId, send);
      return { ...presentStatus(made.link), url: made.url, sentTo: made.sentTo };
    },

    async revoke(companyId: string, clientId: string): Promise<TPortalLinkStatus> {
      await clientOf(companyId, clientId);
      await db.transaction((tx) => links.revokeLinks(tx, companyId, clientId));
      return presentStatus(await links.latestLink(db, companyId, clientId));
    },

    /** `GET /portal/:token`: what the client sees. */
    async view(token: string): Promise<TPortalView> {
      const { link, company, client } = await openLink(token);
      await links.touchLink(db, link.id);
      const today = todayIn(company.timeZone);
      const docs = (await repo.clientDocuments(db, company.id, client.id)).map((d) =>
        presentDocument(company.id, client.id, d, today),
      );
      const notes = await repo.clientCreditNotes(db, company.id, client.id);
      const jobs = await repo.upcomingJobs(db, company.id, client.id, new Date());
      const names = await repo.userNames(db, [...new Set(jobs.flatMap((j) => j.assigned))]);
      const invoices = docs.filter((d) => !d.isQuote);
      const unpaid = invoices.filter((d) => d.status !== 'Paid');
      return {
        company: {
          name: company.companyName,
          phone: company.phone,
          email: company.emailAddress,
          address: company.address,
          timeZone: company.timeZone,
          quoteTerms: company.quoteTerms,
        },
        client: { name: clientName(client) },
        expiresAt: link.expiresAt.toISOString(),
        openInvoices: unpaid.map(strip),
        paidInvoices: invoices
          .filter((d) => d.status === 'Paid')
          .slice(0, 100)
          .map(strip),
        quotes: docs
          .filter((d) => d.isQuote)
          .slice(0, 100)
          .map(strip),
        creditNotes: notes.map((n) => ({
          _id: n.id,
          number: n.number,
          date: n.noteDate,
          invoiceNumber: n.invoiceNumber ?? '',
          reason: n.reason,
          total: toAmount(n.total),
        })),
        jobs: jobs.map((j) => ({
          number: j.number,
          type: j.type,
          start: j.start.toISOString(),
          end: j.end.toISOString(),
          allDay: j.allDay,
          address: j.address,
          technicians: j.assigned.map((id) => names.get(id)).filter((n): n is string => !!n),
        })),
        outstanding: addAmounts(...unpaid.map((d) => d.balance)),
      };
    },

    /** The client's statement as a PDF, of a period when one is given (core `statementForPeriod`). */
    async statementPdf(token: string, ip: string, period: StatementPeriod = {}) {
      const { link, company, client } = await openLink(token);
      await links.touchLink(db, link.id);
      const doc = await documents.statement(company.id, client.id, period);
      const pdf = await deps.pdf.print(doc.html, { owner: `portal:${ip}`, company: company.id });
      return { fileName: doc.fileName, pdf };
    },

    /** One of the client's credit notes as a PDF (404 for any other). */
    async creditNotePdf(token: string, noteId: string, ip: string) {
      const { company, client } = await openLink(token);
      const id = noteId.toLowerCase();
      if (!isUuid(id) || !(await repo.isClientCreditNote(db, company.id, client.id, id)))
        throw notFound('Credit note not found');
      const doc = await documents.creditNote(company.id, id);
      const pdf = await deps.pdf.print(doc.html, { owner: `portal:${ip}`, company: company.id });
      return { fileName: doc.fileName, pdf };
    },

    /**
     * The client's answer to one of their quotes (docs/portal.md): recorded
     * with the time, their address and browser; an acceptance needs the
     * company's terms agreed when it has some, and may turn the quote into an
     * invoice (the company's choice). Staff see it live and by e-mail.
     */
    async answer(
      token: string,
      quoteId: string,
      a: PortalAnswer,
      who: { ip: string; userAgent: string },
    ): Promise<{ message: string }> {
      const { link, company, client } = await openLink(token);
      const id = quoteId.toLowerCase();
      if (!isUuid(id)) throw notFound('Quote not found');
      if (a.kind === 'accepted' && company.quoteTerms.trim() && a.acceptTerms !== true)
        throw badField('acceptTerms', 'Please accept the terms');
      const response: TQuoteResponse = {
        kind: a.kind,
        at: new Date().toISOString(),
        name: a.kind === 'accepted' ? a.name : clientName(client),
        poNumber: a.kind === 'accepted' ? (a.poNumber ?? '') : '',
        text: a.kind === 'declined' ? a.reason : a.kind === 'changes' ? a.message : '',
        signature: a.kind === 'accepted' ? a.signature : null,
        termsAccepted:
          a.kind === 'accepted' && !!company.quoteTerms.trim() && a.acceptTerms === true,
        ip: who.ip.slice(0, 64),
        userAgent: who.userAgent.slice(0, 300),
      };
      const staff = await staffToTell(deps, company.id);
      const done = await db.transaction(async (tx) => {
        const r = await answerQuote(tx, company, client.id, id, {
          response,
          seenVersion: a.kind === 'accepted' ? a.version : undefined,
          invoice: company.quoteAcceptAction === 'invoice',
        });
        // A job the type's rules refuse (no type left, say) does not undo the acceptance: it is
        // made in a savepoint, and staff are told it could not be.
        let job: string | null = null;
        let jobProblem = '';
        if (a.kind === 'accepted' && company.quoteAcceptAction === 'job') {
          try {
            job = await tx.transaction((sp) =>
              jobOfAcceptedQuote(sp, company, client.id, { ...r, name: response.name }),
            );
          } catch (e) {
            if (!(e instanceof HttpError)) throw e;
            jobProblem = e.message;
          }
        }
        const text = answerText(clientName(client), r.number, response, {
          ...r,
          job,
          jobProblem,
        });
        const told = await notifyStaff(tx, staff, {
          companyId: company.id,
          invoiceId: id,
          ...text,
          key: response.at,
        });
        return { ...r, job, text, told };
      });
      await links.touchLink(db, link.id);
      deps.events.emit({ companyId: company.id, name: 'invoicesChanged', ids: [id] });
      if (done.told.ids.length > 0)
        deps.events.emit({
          companyId: company.id,
          name: 'notificationsChanged',
          ids: done.told.ids,
        });
      await mailStaff(deps, done.told.mailTo, done.text);
      return { message: ANSWERED[a.kind] };
    },

    /**
     * An expired link asks for a fresh one: it is e-mailed to the address the
     * company has for the client, never shown, at most RENEWALS_PER_DAY a day.
     */
    async renew(token: string): Promise<{ message: string }> {
      const link = tokenShaped(token) ? await links.findByHash(db, hashToken(token)) : null;
      const state = linkState(link);
      if (!link || state === 'none' || state === 'revoked') throw notFound(PORTAL_MSG.notFound);
      if (state === 'active') throw new HttpError(400, 'This link still works');
      const { company, client } = await clientOf(link.companyId, link.clientId).catch(() => {
        throw notFound(PORTAL_MSG.notFound);
      });
      if (!client.email?.trim()) throw new HttpError(400, PORTAL_MSG.noEmail);
      const since = new Date(Date.now() - 86_400_000);
      // The old link is retired first, under its row lock: a revocation or another renewal at
      // the same moment leaves this one nothing to renew, so no link is sent twice or revived.
      await makeAndSend(company, client, null, true, async (tx) => {
        if (!(await links.retireLink(tx, link.id))) throw notFound(PORTAL_MSG.notFound);
        if ((await links.selfMadeSince(tx, company.id, client.id, since)) >= RENEWALS_PER_DAY)
          throw new HttpError(429, 'A new link was sent several times today: check your e-mail');
        return [link.id];
      });
      return { message: PORTAL_MSG.renewed };
    },
  };
}

type Row = Awaited<ReturnType<typeof repo.clientDocuments>>[number];

/** A document as the portal lists it, with its public page for viewing and paying. */
function presentDocument(companyId: string, clientId: string, d: Row, today: string) {
  const balance = invoiceBalance(d.total, d.amountPaid, d.amountCredited);
  const status: TPortalDocument['status'] = d.paid
    ? 'Paid'
    : paymentStatus(d.total, d.amountPaid, d.amountCredited);
  return {
    isQuote: d.isQuote,
    _id: d.id,
    number: (d.isQuote ? d.quoteNumber : d.invoiceNumber) ?? '',
    date: d.invoiceDate,
    dueDate: d.dueDate,
    total: toAmount(d.total),
    balance,
    status,
    overdue: !d.isQuote && status !== 'Paid' && balance > 0 && d.dueDate < today,
    link: `/view/c/${companyId}/e/${clientId}/i/${d.publicKey}`,
    depositDue: depositFigures({ ...d, deposit: d.deposit ?? null }).depositDue,
    version: d.isQuote ? quoteVersion({ ...d, deposit: d.deposit ?? null }) : '',
    response: d.response ?? null,
  };
}

const strip = ({ isQuote: _q, ...d }: ReturnType<typeof presentDocument>): TPortalDocument => d;
