import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupRights } from '@fieldbook/core';
import { emitWebhook } from '../../src/areas/webhooks/index.js';
import { BearerClient, buildCompany, buildMember, type ApiClient } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/**
 * Webhook payloads carry clients, invoices and jobs (docs/webhooks.md,
 * "Who may see what"): an endpoint's events need the read right of what they
 * carry, to subscribe and to see or send again their deliveries; settings
 * rights alone are not enough. Through HTTP, for members and API tokens.
 */
let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
const PUBLIC = 'https://203.0.113.10/hooks';
const base = () => `/api/companies/${co.id}/webhooks`;
const SETTINGS = { c: true, r: true, u: true, d: true };

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
});
afterAll(() => h.close());

const member = async (rights: GroupRights) => (await buildMember(h, co.id, rights)).api;
const create = (api: ApiClient, events: string[]) => api.post(base(), { url: PUBLIC, events });

describe('subscribing to events', () => {
  it('needs the read right of the area each event carries, with a 403 naming the event', async () => {
    const settingsOnly = await member({ settings: SETTINGS });
    const cases: [string, string][] = [
      ['client.created', 'clients'],
      ['quote.accepted', 'invoices'],
      ['invoice.paid', 'invoices'],
      ['credit_note.issued', 'invoices'],
      ['job.done', 'appointments'],
      ['recurring.run', 'invoices, expenses and appointments'],
    ];
    for (const [event, areas] of cases) {
      const r = await create(settingsOnly, [event]);
      expect(r.status, event).toBe(403);
      expect(r.body.error, event).toContain(`The event ${event} carries ${areas} data`);
    }
    const withJobs = await member({ settings: SETTINGS, appointments: { r: true } });
    const refused = await create(withJobs, ['job.done', 'invoice.paid']);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(
      'The event invoice.paid carries invoices data: receiving it needs the read right of invoices',
    );
    expect((await create(withJobs, ['job.done', 'job.created'])).status).toBe(200);
    // A recurring run may be an invoice, an expense or a job: all three are needed.
    const twoOfThree = await member({
      settings: SETTINGS,
      invoices: { r: true },
      appointments: { r: true },
    });
    const run = await create(twoOfThree, ['recurring.run']);
    expect(run.status).toBe(403);
    expect(run.body.error).toContain('invoices, expenses and appointments');
    const all = await member({
      settings: SETTINGS,
      invoices: { r: true },
      expenses: { r: true },
      appointments: { r: true },
      clients: { r: true },
    });
    expect((await create(all, ['recurring.run', 'client.updated', 'quote.sent'])).status).toBe(200);
  });

  it('holds for changes: new events, a new address or turning it on, not a description or off', async () => {
    const made = (await create(co.owner.api, ['job.done', 'invoice.paid'])).body;
    const url = `${base()}/${made.endpoint._id}`;
    const jobsOnly = await member({ settings: SETTINGS, appointments: { r: true } });
    const to = (b: Record<string, unknown>) => jobsOnly.post(url, b);
    expect((await to({ url: 'https://203.0.113.99/mine' })).status).toBe(403);
    expect((await to({ events: ['job.done', 'client.created'] })).status).toBe(403);
    expect((await to({ description: 'Books' })).status).toBe(200);
    expect((await to({ enabled: false })).status).toBe(200);
    const on = await to({ enabled: true });
    expect(on.status).toBe(403);
    expect(on.body.error).toContain('invoice.paid');
    // Dropping what they may not read is allowed, and then the address is theirs to change.
    expect((await to({ events: ['job.done'], enabled: true })).status).toBe(200);
    expect((await to({ url: 'https://203.0.113.99/mine' })).status).toBe(200);
    const after = (await co.owner.api.get(base())).body.endpoints.find(
      (e: { _id: string }) => e._id === made.endpoint._id,
    );
    expect(after).toMatchObject({ events: ['job.done'], url: 'https://203.0.113.99/mine' });
  });

  it("holds for an API token: the token's rights, not its owner's", async () => {
    const made = await co.owner.api.post(`/api/companies/${co.id}/api-tokens`, {
      name: 'Settings only',
      expiresInDays: null,
      rights: { settings: SETTINGS },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const token = new BearerClient(h, made.body.token as string);
    expect((await create(token, ['invoice.created'])).status).toBe(403);
    expect((await create(token, ['client.created'])).status).toBe(403);
  });
});

describe('the delivery log and Send again', () => {
  it('show and send again only deliveries of events the caller may read', async () => {
    const made = (await create(co.owner.api, ['job.done', 'invoice.paid'])).body;
    const id = made.endpoint._id as string;
    const db = h.deps.database.db;
    await db.transaction((tx) => emitWebhook(tx, co.id, 'invoice.paid', { invoiceId: 'i1' }));
    await db.transaction((tx) => emitWebhook(tx, co.id, 'job.done', { jobId: 'j1' }));
    const log = `${base()}/${id}/deliveries`;
    const everything = (await co.owner.api.get(log)).body.deliveries as {
      _id: string;
      eventType: string;
    }[];
    expect(everything.map((d) => d.eventType)).toEqual(['job.done', 'invoice.paid']);
    const invoice = everything.find((d) => d.eventType === 'invoice.paid')!;
    const job = everything.find((d) => d.eventType === 'job.done')!;

    const jobsOnly = await member({ settings: SETTINGS, appointments: { r: true } });
    const seen = await jobsOnly.get(log);
    expect(seen.status).toBe(200);
    expect(seen.body.deliveries.map((d: { eventType: string }) => d.eventType)).toEqual([
      'job.done',
    ]);
    expect(JSON.stringify(seen.body)).not.toContain('i1');
    expect((await jobsOnly.post(`${log}/${invoice._id}/resend`)).status).toBe(404);
    const again = await jobsOnly.post(`${log}/${job._id}/resend`);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // A test event carries nothing of the company: anyone who may send it sees it.
    expect((await jobsOnly.post(`${base()}/${id}/test`)).status).toBe(200);
    const settingsOnly = await member({ settings: SETTINGS });
    const types = (await settingsOnly.get(log)).body.deliveries.map(
      (d: { eventType: string }) => d.eventType,
    );
    expect(types).toEqual(['webhook.test']);
    // The owner still sees every one.
    expect((await co.owner.api.get(log)).body.deliveries).toHaveLength(4);
  });
});
