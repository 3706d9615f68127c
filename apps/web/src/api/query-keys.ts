import type { Period } from '@fieldbook/core';
import type { TemplateKind } from './template-shapes';

/**
 * Every TanStack Query key of the app, in one place (the lint forbids inline
 * keys elsewhere). Everything scoped to a company starts with
 * ['company', companyId], so switching companies invalidates it in one go; a
 * key that starts with another key is refreshed with it.
 */
type Cid = string | null;

export const queryKeys = {
  profile: ['profile'] as const,
  companies: ['companies'] as const,
  companyScope: ['company'] as const,
  company: (id: string) => ['company', id] as const,
  people: ['people'] as const,
  person: (id: string) => ['people', id] as const,
  outbox: ['outbox'] as const,
  invitation: (token: string) => ['invitation', token] as const,
  customerInvoice: (companyId: string, entityId: string, invoiceKey: string) =>
    ['customer-invoice', companyId, entityId, invoiceKey] as const,
  portal: (token: string) => ['portal', token] as const,
  notificationSettings: ['notification-settings'] as const,
};

/** Keys under ['company', id, 'jobs'] so a company switch or a push refetches them. */
export const jobKeys = {
  all: (cid: string) => ['company', cid, 'jobs'] as const,
  /** The appointment types: one key for the board, job modal, calendar, recurring and designer. */
  types: (cid: string) => ['company', cid, 'jobs', 'types'] as const,
  lists: (cid: string) => ['company', cid, 'jobs', 'list'] as const,
  ofClient: (cid: string, entityId: string) =>
    ['company', cid, 'jobs', 'list', 'client', entityId] as const,
  one: (cid: string, id: string) => ['company', cid, 'jobs', 'one', id] as const,
  /** Every job opened or kept (the prefix of `one`). */
  ones: (cid: string) => ['company', cid, 'jobs', 'one'] as const,
  comments: (cid: string, id: string) => ['company', cid, 'jobs', 'comments', id] as const,
  commentPage: (cid: string, id: string, all: boolean) =>
    [...jobKeys.comments(cid, id), all ? 'all' : 'recent'] as const,
  /** A job's client's contact (phone, e-mail, address): from the week's pack, or read. */
  client: (cid: string, entityId: string) => ['company', cid, 'jobs', 'client', entityId] as const,
  /** The member's week for offline use (docs/offline.md); not itself kept on the phone. */
  offlinePack: (cid: string) => ['company', cid, 'jobs', 'offline-pack'] as const,
};

/** The board's cards are job lists: a job change refreshes them. */
export const boardKeys = {
  active: (cid: string) => [...jobKeys.lists(cid), 'active'] as const,
  range: (cid: string, from: string, to: string) =>
    [...jobKeys.lists(cid), 'range', from, to] as const,
};

export const invoiceKeys = {
  all: (cid: Cid) => ['company', cid, 'invoices'] as const,
  list: (cid: Cid, p: Period) =>
    ['company', cid, 'invoices', 'list', p.from, p.to, p.type] as const,
  summary: (cid: Cid, p: Period) =>
    ['company', cid, 'invoices', 'summary', p.from, p.to, p.type] as const,
  one: (cid: Cid, id: string) => ['company', cid, 'invoices', 'one', id] as const,
  payments: (cid: Cid, id: string) => ['company', cid, 'invoices', 'payments', id] as const,
  creditNotes: (cid: Cid, id: string) => ['company', cid, 'invoices', 'credit-notes', id] as const,
  companyCreditNotes: (cid: Cid, from: string, to: string) =>
    ['company', cid, 'invoices', 'all-credit-notes', from, to] as const,
  /** A credit note's client's open invoices (where its credit may be kept). */
  openForNote: (cid: Cid, noteId: string) =>
    ['company', cid, 'invoices', 'open-for-note', noteId] as const,
  sending: (cid: Cid, id: string) => ['company', cid, 'invoices', 'sending', id] as const,
  items: (cid: Cid) => ['company', cid, 'items'] as const,
  clients: (cid: Cid) => ['company', cid, 'clients'] as const,
};

export const itemKeys = {
  all: (cid: Cid) => ['company', cid, 'items'] as const,
};

export const clientKeys = {
  types: (cid: string) => ['company', cid, 'clientTypes'] as const,
  clients: (cid: string) => ['company', cid, 'clients'] as const,
  client: (cid: string, id: string) => ['company', cid, 'clients', 'one', id] as const,
  /** A client's statement, of a period when from or to is given ('' for no bound). */
  statement: (cid: string, id: string, from = '', to = '') =>
    ['company', cid, 'clients', 'statement', id, from, to] as const,
  portalLink: (cid: string, id: string) => ['company', cid, 'clients', 'portal-link', id] as const,
};

export const supplierKeys = {
  list: (cid: string) => ['company', cid, 'suppliers'] as const,
  one: (cid: string, id: string) => ['company', cid, 'suppliers', 'one', id] as const,
};

export const expenseKeys = {
  all: (cid: Cid) => ['company', cid ?? '', 'expenses'] as const,
  list: (cid: Cid, p: Period) => [...expenseKeys.all(cid), 'list', p.from, p.to, p.type] as const,
  summary: (cid: Cid, p: Period) =>
    [...expenseKeys.all(cid), 'summary', p.from, p.to, p.type] as const,
  /** [..., 'one', id]: a delete leaves the deleted one out by these positions. */
  one: (cid: Cid, id: string) => [...expenseKeys.all(cid), 'one', id] as const,
};

export const accountingKeys = {
  all: (cid: Cid) => ['company', cid ?? '', 'accounting'] as const,
  accounts: (cid: Cid) => [...accountingKeys.all(cid), 'accounts'] as const,
  statement: (cid: Cid, p: Period) =>
    [...accountingKeys.all(cid), 'statement', p.from, p.to, p.type] as const,
  vat: (cid: Cid, p: Period) => [...accountingKeys.all(cid), 'vat', p.from, p.to, p.type] as const,
  items: (cid: Cid, cell: { month: string; accountId: string; income: boolean } | null) =>
    [...accountingKeys.all(cid), 'items', cell?.month, cell?.accountId, cell?.income] as const,
};

export const vehicleKeys = {
  all: (cid: Cid) => ['company', cid ?? '', 'vehicles'] as const,
  cars: (cid: Cid) => [...vehicleKeys.all(cid), 'cars'] as const,
  trips: (cid: Cid, f: { year: number; carId: string | null; driverId: string | null }) =>
    [...vehicleKeys.all(cid), 'trips', f.year, f.carId, f.driverId] as const,
  summary: (cid: Cid, f: { year: number; carId: string | null; driverId: string | null }) =>
    [...vehicleKeys.all(cid), 'summary', f.year, f.carId, f.driverId] as const,
};

export const recurringKeys = {
  all: (cid: Cid) => ['company', cid ?? '', 'recurring'] as const,
  list: (cid: Cid, type: string) => [...recurringKeys.all(cid), 'list', type] as const,
  /** [..., 'one', type, id]: a delete leaves the deleted one out by these positions. */
  one: (cid: Cid, type: string, id: string) =>
    [...recurringKeys.all(cid), 'one', type, id] as const,
};

export const chatKeys = {
  all: (cid: Cid) => ['company', cid, 'chat'] as const,
  rooms: (cid: Cid) => ['company', cid, 'chat', 'rooms'] as const,
  room: (cid: Cid, roomId: string) => ['company', cid, 'chat', 'room', roomId] as const,
};

export const templateKeys = {
  all: (cid: Cid) => ['company', cid, 'templates'] as const,
  list: (cid: Cid, kind: TemplateKind) => ['company', cid, 'templates', kind] as const,
  one: (cid: Cid, kind: TemplateKind, id: string) =>
    ['company', cid, 'templates', kind, id] as const,
  preview: (cid: Cid, ...what: readonly unknown[]) =>
    ['company', cid, 'templatePreview', ...what] as const,
};

export const dashboardKey = (cid: Cid) => ['company', cid, 'dashboard'] as const;
export const taskKey = (cid: string) => ['company', cid, 'tasks'] as const;
export const notificationKey = (cid: string) => ['company', cid, 'notifications'] as const;
export const calendarFeedKey = (cid: string) => ['company', cid, 'calendarFeed'] as const;
export const apiTokensKey = (cid: string) => ['company', cid, 'apiTokens'] as const;
/** Webhook endpoints, and an endpoint's delivery log under them. */
export const webhookKeys = {
  all: (cid: string) => ['company', cid, 'webhooks'] as const,
  deliveries: (cid: string, id: string) => ['company', cid, 'webhooks', 'deliveries', id] as const,
  /** One page of the log: the newest (null), or those older than `before`. */
  deliveriesPage: (cid: string, id: string, before: number | null) =>
    ['company', cid, 'webhooks', 'deliveries', id, before ?? 'newest'] as const,
};
export const routeBaseKey = (cid: string) => ['company', cid, 'routeBase'] as const;
export const incidentKey = (cid: string) => ['company', cid, 'incidents'] as const;
export const searchKey = (cid: Cid, q: string) => ['company', cid, 'search', q] as const;
export const emailDraftKey = (cid: Cid, kind: string, id: string) =>
  ['company', cid, 'emailDraft', kind, id] as const;
