import { z } from 'zod';

/**
 * The client portal (DECISIONS §16, docs/portal.md): staff make, e-mail and
 * revoke a client's link; the client opens `/portal/{token}` without signing in.
 */

/** `POST /companies/:cid/entities/:id/portal-link`: a new link, e-mailed to the client when `send`. */
export const ZPortalLinkCreate = z.object({ send: z.boolean().optional() });

/** The client's link as staff see it: never its token, which is shown once when made. */
export const ZPortalLinkStatus = z.object({
  state: z.enum(['none', 'active', 'expired', 'revoked']),
  createdAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type TPortalLinkStatus = z.infer<typeof ZPortalLinkStatus>;

/** A link just made: its address (shown this once), and to whom it was e-mailed. */
export const ZPortalLinkCreated = ZPortalLinkStatus.extend({
  url: z.string(),
  sentTo: z.string().nullable(),
});
export type TPortalLinkCreated = z.infer<typeof ZPortalLinkCreated>;

const ZPortalDocument = z.object({
  _id: z.string(),
  number: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  dueDate: z.string(),
  total: z.number(),
  balance: z.number(),
  status: z.enum(['Unpaid', 'Partly paid', 'Paid']),
  overdue: z.boolean(),
  /** The document's public page (view, PDF, PayFast), a path of this site. */
  link: z.string(),
  /** A quote's deposit still owed. */
  depositDue: z.number(),
});
export type TPortalDocument = z.infer<typeof ZPortalDocument>;

/** `GET /portal/:token`: the client's documents and jobs, and the company's contact details. */
export const ZPortalView = z.object({
  company: z.object({
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    address: z.string(),
    /** The zone its days and times are read in. */
    timeZone: z.string(),
  }),
  client: z.object({ name: z.string() }),
  expiresAt: z.string(),
  openInvoices: z.array(ZPortalDocument),
  paidInvoices: z.array(ZPortalDocument),
  quotes: z.array(ZPortalDocument),
  creditNotes: z.array(
    z.object({
      _id: z.string(),
      number: z.string(),
      date: z.string(),
      invoiceNumber: z.string(),
      reason: z.string(),
      total: z.number(),
    }),
  ),
  jobs: z.array(
    z.object({
      number: z.string(),
      type: z.string(),
      start: z.string(),
      end: z.string(),
      allDay: z.boolean(),
      address: z.string(),
      technicians: z.array(z.string()),
    }),
  ),
  /** What the client owes on their invoices. */
  outstanding: z.number(),
});
export type TPortalView = z.infer<typeof ZPortalView>;

/** Why a portal link opens nothing: `expired` may ask for a fresh one by e-mail. */
export const PORTAL_MSG = {
  notFound: 'This link does not open a portal. Ask the business for a new one.',
  expired: 'This link has expired.',
  renewed: 'A new link is on its way to the e-mail address the business has for you.',
  noEmail: 'The business has no e-mail address for you: ask them for a new link.',
} as const;
