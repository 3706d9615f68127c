import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@fieldbook/core';
import { runDueRecurring } from '../../src/areas/recurring/index.js';
import { anonymous, buildCompany, type Loose } from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { startReceiver, verified } from '../support/webhook-receiver.js';

/**
 * The events of sending (e-mail), the client portal and recurring items, each
 * received and verified: quote.sent, invoice.sent, quote.accepted,
 * quote.declined (and the invoice.created of an accepted quote), recurring.run.
 */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';
let h: Harness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let co: Awaited<ReturnType<typeof buildCompany>>;
let secret: string;
let client: string;
let token: string;

beforeAll(async () => {
  h = await startHarness({ WEBHOOKS_ALLOW_PRIVATE: '1', QUEUE_POLL_MS: '50' }, { workers: true });
  receiver = await startReceiver();
  co = await buildCompany(h);
  await co.owner.api.post(`/api/companies/${co.id}`, {
    companyName: 'Zulu Water',
    EmailAddress: 'office@zulu.test',
  });
  client = await buildClient(co.owner.api, co.id, { name: 'Lindiwe', surname: 'Zulu' });
  const made = await co.owner.api.post(`/api/companies/${co.id}/entities/${client}/portal-link`);
  token = (made.body.url as string).split('/portal/')[1]!;
  const ep = await co.owner.api.post(`/api/companies/${co.id}/webhooks`, {
    url: receiver.url('/events'),
    events: ['quote.sent', 'invoice.sent', 'quote.accepted', 'quote.declined', 'recurring.run'],
  });
  expect(ep.status, JSON.stringify(ep.body)).toBe(200);
  secret = ep.body.secret;
}, 60_000);
afterAll(async () => {
  await receiver.close();
  await h.close();
});

/** The next event of `type`, verified. */
async function next(type: string, after: number) {
  const list = await receiver.until((l) =>
    l.slice(after).some((r) => r.body.includes(`"${type}"`)),
  );
  return verified(
    secret,
    list.slice(after).find((r) => r.body.includes(`"${type}"`))!,
  );
}
const quote = (): Promise<Loose> =>
  buildInvoice(co.owner.api, co.id, client, {
    isQuote: true,
    descriptions: [line({ description: 'Borehole pump', price: 2000 })],
  });
const portalVersion = async (id: string) =>
  (await anonymous(h).get(`/api/portal/${token}`)).body.quotes.find((d: Loose) => d._id === id)
    ?.version as string;

describe('webhook events of sending, the portal and recurring items', () => {
  it('quote.sent and invoice.sent when they are e-mailed', async () => {
    const n = receiver.received.length;
    const q = await quote();
    const inv = await buildInvoice(co.owner.api, co.id, client);
    const send = { to: ['lindiwe@example.test'], subject: 'Yours', message: 'Hello' };
    for (const id of [q._id, inv._id]) {
      const r = await co.owner.api.post(`/api/companies/${co.id}/invoices/${id}/email`, send);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    expect((await next('quote.sent', n)).data).toMatchObject({ quoteId: q._id, clientId: client });
    expect((await next('invoice.sent', n)).data).toMatchObject({
      invoiceId: inv._id,
      invoiceNumber: inv.invoiceNumber,
    });
  });

  it('quote.accepted and quote.declined from the portal', async () => {
    const n = receiver.received.length;
    const yes = await quote();
    const no = await quote();
    const accepted = await anonymous(h).post(`/api/portal/${token}/quotes/${yes._id}/accept`, {
      name: 'Lindiwe Zulu',
      signature: PNG,
      version: await portalVersion(yes._id),
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const declined = await anonymous(h).post(`/api/portal/${token}/quotes/${no._id}/decline`, {
      reason: 'Too dear',
    });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect((await next('quote.accepted', n)).data).toMatchObject({
      quoteId: yes._id,
      name: 'Lindiwe Zulu',
      total: 2000,
    });
    expect((await next('quote.declined', n)).data).toMatchObject({ quoteId: no._id });
  });

  it('recurring.run when a recurring item makes its document', async () => {
    const n = receiver.received.length;
    const today = todayIn('Africa/Johannesburg');
    const r = await co.owner.api.post(`/api/companies/${co.id}/recurring/expenses`, {
      startDate: today,
      recurringType: 'day',
      description: 'Diesel',
      price: 500,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await runDueRecurring(h.deps, new Date(`${today}T10:00:00Z`), () => {});
    expect((await next('recurring.run', n)).data).toMatchObject({
      recurringId: r.body._id,
      type: 'expenses',
      date: today,
      documentId: expect.any(String),
    });
  });
});
