import {
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_LABELS,
  ZWebhookEndpointCreate,
  type TWebhookEndpoint,
  type WebhookEvent,
} from '@fieldbook/core';
import { contractErrors } from '../../ui/contract-errors';

/** What the add and edit form holds. */
export interface WebhookValues {
  url: string;
  description: string;
  events: WebhookEvent[];
}

const LABELS = { url: 'URL', description: 'Description', events: 'Events' };

export const blankWebhook = (): WebhookValues => ({ url: 'https://', description: '', events: [] });

/** The form's values for a stored endpoint (events the app no longer knows are left out). */
export const webhookValues = (e: TWebhookEndpoint): WebhookValues => ({
  url: e.url,
  description: e.description,
  events: WEBHOOK_EVENTS.filter((x) => e.events.includes(x)),
});

/** Ticks or unticks one event; the list keeps the catalogue's order. */
export function toggleEvent(v: WebhookValues, event: WebhookEvent, on: boolean): WebhookValues {
  const set = new Set(v.events);
  if (on) set.add(event);
  else set.delete(event);
  return { ...v, events: WEBHOOK_EVENTS.filter((x) => set.has(x)) };
}

/** Every event, or none. */
export const toggleAll = (v: WebhookValues, on: boolean): WebhookValues => ({
  ...v,
  events: on ? [...WEBHOOK_EVENTS] : [],
});

/** The form's complaints by the server's own contract, with the fields' labels. */
export const webhookErrors = (v: WebhookValues) =>
  contractErrors(ZWebhookEndpointCreate, v, LABELS);

/** The events in groups for the checkboxes: Clients, Quotes, Invoices, ... */
export const EVENT_GROUPS: { label: string; events: { value: WebhookEvent; label: string }[] }[] = [
  ['Clients', 'client.'],
  ['Quotes', 'quote.'],
  ['Invoices', 'invoice.'],
  ['Credit notes', 'credit_note.'],
  ['Jobs', 'job.'],
  ['Recurring', 'recurring.'],
].map(([label, prefix]) => ({
  label: label!,
  events: WEBHOOK_EVENTS.filter((e) => e.startsWith(prefix!)).map((value) => ({
    value,
    label: WEBHOOK_EVENT_LABELS[value],
  })),
}));
