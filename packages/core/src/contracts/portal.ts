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

/** A drawn signature as the browser's canvas gives it: a PNG data URL, at most about 220 kB. */
const ZSignature = z
  .string()
  .max(300_000, 'is too large')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'must be a drawn signature');

/** `POST /portal/:token/quotes/:id/accept`: the client accepts the quote as it stands. */
export const ZQuoteAccept = z.object({
  name: z.string().trim().min(2, 'is required').max(100),
  signature: ZSignature,
  poNumber: z.string().trim().max(60).optional(),
  /** Required (true) when the company has terms. */
  acceptTerms: z.boolean().optional(),
  /** The version of the quote the client saw (its `version` in the portal): another is refused (409). */
  version: z.string().max(64),
});
export type TQuoteAccept = z.infer<typeof ZQuoteAccept>;

/** `POST /portal/:token/quotes/:id/decline`. */
export const ZQuoteDecline = z.object({
  reason: z.string().trim().min(1, 'is required').max(1000),
});
/** `POST /portal/:token/quotes/:id/changes`: the client asks for changes. */
export const ZQuoteChanges = z.object({
  message: z.string().trim().min(1, 'is required').max(2000),
});

export const QUOTE_RESPONSE_KINDS = ['accepted', 'declined', 'changes'] as const;

/** The client's last answer to a quote, as staff see it (docs/portal.md). */
export const ZQuoteResponse = z.object({
  kind: z.enum(QUOTE_RESPONSE_KINDS),
  /** ISO instant. */
  at: z.string(),
  name: z.string(),
  poNumber: z.string(),
  /** The decline's reason or the changes asked for. */
  text: z.string(),
  /** The drawn signature (accepted only). */
  signature: z.string().nullable(),
  termsAccepted: z.boolean(),
  ip: z.string(),
  userAgent: z.string(),
});
export type TQuoteResponse = z.infer<typeof ZQuoteResponse>;

/**
 * What to do when a client accepts a quote (company setting): tell staff, or
 * also turn it into an invoice, or also make an Unscheduled job of its lines.
 */
export const QUOTE_ACCEPT_ACTIONS = ['notify', 'invoice', 'job'] as const;

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
  /** A quote's version: what an acceptance names (docs/portal.md); '' for an invoice. */
  version: z.string(),
  /** A quote's last answer from the client, if any. */
  response: z
    .object({ kind: z.enum(QUOTE_RESPONSE_KINDS), at: z.string(), name: z.string() })
    .nullable(),
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
    /** The terms a client accepts with a quote; empty when none. */
    quoteTerms: z.string(),
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
