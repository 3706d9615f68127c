import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivery } from '../../src/areas/delivery/delivery-workers.js';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';

/** GET /invoices/{id}/sending: when, to whom, how often an invoice was sent, the last error. */

let h: Harness;
let cid: string;
let owner: TestUser;
let clientId: string;

const historyUrl = (id: string, c = cid) => `/api/companies/${c}/invoices/${id}/sending`;
const getInvoice = async (id: string) =>
  (await owner.api.get(`/api/companies/${cid}/invoices/${id}`)).body;

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  await setCompany(owner.api, cid, { companyName: 'History Co', EmailAddress: 'office@hist.test' });
  clientId = await buildClient(owner.api, cid, { email: 'client@example.test' });
});
afterAll(() => h.close());

describe('GET /invoices/{id}/sending', () => {
  it('is empty for an invoice never sent, with its public link', async () => {
    const inv = await buildInvoice(owner.api, cid, clientId);
    const r = await owner.api.get(historyUrl(inv._id));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      publicUrl: expect.stringMatching(
        new RegExp(`^http://fieldbook\\.test/view/c/${cid}/e/${clientId}/i/[0-9a-f]{64}$`),
      ),
      sentCount: 0,
      lastSent: null,
      queued: false,
      lastError: null,
      emails: [],
      queue: [],
    });
  });

  it('lists every send newest first, with the recipients and how many times', async () => {
    const inv = await buildInvoice(owner.api, cid, clientId);
    const send = (to: string[]) =>
      owner.api.post(`/api/companies/${cid}/invoices/${inv._id}/email`, {
        to,
        subject: 'Your invoice',
        message: 'Hello',
      });
    expect((await send(['first@example.test'])).status).toBe(200);
    expect((await send(['second@example.test', 'third@example.test'])).status).toBe(200);
    const r = await owner.api.get(historyUrl(inv._id));
    expect(r.status).toBe(200);
    expect(r.body.sentCount).toBe(2);
    expect(r.body.emails.map((e: { to: string }) => e.to)).toEqual([
      'second@example.test, third@example.test',
      'first@example.test',
    ]);
    expect(r.body.lastSent).toBe((await getInvoice(inv._id)).sent);
    expect(Date.parse(r.body.emails[0].date)).toBeGreaterThanOrEqual(
      Date.parse(r.body.emails[1].date),
    );
  });

  it('shows a queued send, then the queue failure and its error from the durable queue', async () => {
    const inv = await buildInvoice(owner.api, cid, clientId, { toEmail: '' });
    expect(
      (await owner.api.post(`/api/companies/${cid}/invoices/bulkemail`, { ids: [inv._id] })).status,
    ).toBe(200);
    const queued = (await owner.api.get(historyUrl(inv._id))).body;
    expect(queued).toMatchObject({ queued: true, lastError: null, sentCount: 0 });
    expect(queued.queue).toEqual([
      {
        queuedAt: expect.any(String),
        state: 'queued',
        attempts: 0,
        finishedAt: null,
        lastError: null,
      },
    ]);
    const delivery = await startDelivery(h.deps, { scheduler: false });
    try {
      await until(async () => !(await getInvoice(inv._id)).queuedForSending, 'the failure');
    } finally {
      await delivery.stop();
    }
    const failed = (await owner.api.get(historyUrl(inv._id))).body;
    expect(failed.queued).toBe(false);
    expect(failed.lastError).toMatch(/has no e-mail address/);
    expect(failed.queue).toEqual([
      expect.objectContaining({
        state: 'failed',
        attempts: 1,
        finishedAt: expect.any(String),
        lastError: expect.stringMatching(/has no e-mail address/),
      }),
    ]);
  });

  it('has no public link while the invoice has no client', async () => {
    const inv = await buildInvoice(owner.api, cid, clientId);
    await h.deps.database.db.execute(
      // An imported invoice may have no client yet (an open incident).
      `update invoices set entity_id = null where id = '${inv._id}'`,
    );
    expect((await owner.api.get(historyUrl(inv._id))).body.publicUrl).toBeNull();
  });

  it('answers 401 without a token', async () => {
    const inv = await buildInvoice(owner.api, cid, clientId);
    expect((await anonymous(h).get(historyUrl(inv._id))).status).toBe(401);
  });

  it("answers 404 for another company's invoice, an unknown id or a malformed one", async () => {
    const other = await buildCompany(h);
    const theirs = await buildInvoice(
      other.owner.api,
      other.id,
      await buildClient(other.owner.api, other.id),
    );
    for (const id of [theirs._id, randomUUID(), 'nope'])
      expect((await owner.api.get(historyUrl(id))).status, id).toBe(404);
    // Through the other company's path too: not a member there.
    expect((await owner.api.get(historyUrl(theirs._id, other.id))).status).toBe(404);
  });

  it('answers 403 to a member without invoices r', async () => {
    const inv = await buildInvoice(owner.api, cid, clientId);
    const clerk = await buildMember(h, cid, { expenses: { r: true }, invoices: { c: true } });
    expect((await clerk.api.get(historyUrl(inv._id))).status).toBe(403);
    const reader = await buildMember(h, cid, { invoices: { r: true } });
    expect((await reader.api.get(historyUrl(inv._id))).status).toBe(200);
  });
});
