import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, portalLinks } from '../../src/db/schema/index.js';
import { anonymous, buildCompany, type Loose, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';

/**
 * The portal link in invoice and quote mails (docs/portal.md, "In every
 * mail"): off by default; when on, every mail to the client carries its one
 * working link, made when it has none.
 */
let h: Harness;
let co: { id: string; owner: TestUser };
let client: string;
let inv: Loose;
let quote: Loose;

const PORTAL = /\/portal\/([A-Za-z0-9_-]{43})/;
const statusUrl = () => `/api/companies/${co.id}/entities/${client}/portal-link`;

/** Sends the invoice (or quote) by hand; answers the portal token the mail carried, or null. */
async function mailedToken(id: string, to = ['ayanda@example.test']): Promise<string | null> {
  const seen = h.mail.mails.length;
  const r = await co.owner.api.post(`/api/companies/${co.id}/invoices/${id}/email`, {
    to,
    subject: 'Your document',
    message: 'Hello Ayanda',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const mail = h.mail.mails.slice(seen).find((m) => m.headers['x-fieldbook-invoice'] === id);
  expect(mail).toBeDefined();
  return PORTAL.exec(mail!.text)?.[1] ?? null;
}

const portalStatus = async (token: string) =>
  (await anonymous(h).get(`/api/portal/${token}`)).status;

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  await setCompany(co.owner.api, co.id, {
    companyName: 'Mthembu Electrical',
    EmailAddress: 'office@mthembu.test',
  });
  client = await buildClient(co.owner.api, co.id, {
    name: 'Ayanda',
    surname: 'Mthembu',
    email: 'ayanda@example.test',
  });
  inv = await buildInvoice(co.owner.api, co.id, client, {
    descriptions: [line({ description: 'Rewire kitchen', price: 1000 })],
  });
  quote = await buildInvoice(co.owner.api, co.id, client, {
    isQuote: true,
    descriptions: [line({ description: 'New board', price: 2500 })],
  });
});
afterAll(() => h.close());

describe('the portal link in invoice and quote mails', () => {
  it('is left out until the company asks for it', async () => {
    const company = await co.owner.api.get(`/api/companies/${co.id}`);
    expect(company.body.portalInEmails).toBe(false);
    expect(await mailedToken(inv._id)).toBeNull();
    expect((await co.owner.api.get(statusUrl())).body.state).toBe('none');
  });

  it('carries the one working link in every mail, made when the client has none', async () => {
    await setCompany(co.owner.api, co.id, {
      companyName: 'Mthembu Electrical',
      portalInEmails: true,
    });
    expect((await co.owner.api.get(`/api/companies/${co.id}`)).body.portalInEmails).toBe(true);
    const first = await mailedToken(inv._id);
    expect(first).not.toBeNull();
    expect(await portalStatus(first!)).toBe(200);
    expect((await co.owner.api.get(statusUrl())).body.state).toBe('active');
    // The quote's mail carries the same link; so do two mails at once.
    expect(await mailedToken(quote._id)).toBe(first);
    const both = await Promise.all([mailedToken(inv._id), mailedToken(quote._id)]);
    expect(both).toEqual([first, first]);
    const rows = await h.deps.database.db
      .select()
      .from(portalLinks)
      .where(eq(portalLinks.clientId, client));
    expect(rows).toHaveLength(1);
    // Only sealed, never the token in the clear.
    expect(rows[0]!.sealedToken).not.toContain(first!);
  });

  it('carries none after staff revoke it, until they make one; the revoked one stays shut', async () => {
    const before = await mailedToken(inv._id);
    const revoked = await co.owner.api.post(`${statusUrl()}/revoke`, {});
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(await mailedToken(inv._id)).toBeNull();
    expect(await portalStatus(before!)).toBe(404);
    const made = await co.owner.api.post(statusUrl(), {});
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const after = await mailedToken(inv._id);
    expect(after).toBe((made.body.url as string).split('/portal/')[1]);
    expect(await portalStatus(after!)).toBe(200);
  });

  it('goes only to the addresses the client record holds, never to one typed for a send', async () => {
    expect(await mailedToken(inv._id)).not.toBeNull();
    expect(await mailedToken(inv._id, ['someone.else@example.test'])).toBeNull();
    expect(
      await mailedToken(inv._id, ['ayanda@example.test', 'someone.else@example.test']),
    ).toBeNull();
  });

  it('replaces a link whose seal no longer opens (the server key changed)', async () => {
    const before = await mailedToken(inv._id);
    await h.deps.database.db
      .update(portalLinks)
      .set({ sealedToken: 'v1.AAAA.BBBB.CCCC' })
      .where(eq(portalLinks.clientId, client));
    const after = await mailedToken(inv._id);
    expect(after).not.toBe(before);
    expect(await portalStatus(after!)).toBe(200);
  });

  it('gives no link to a mail of an invoice without a client (an imported one)', async () => {
    const loose = await buildInvoice(co.owner.api, co.id, client, {
      descriptions: [line({ price: 50 })],
    });
    await h.deps.database.db
      .update(invoices)
      .set({ entityId: null, to: 'Walk-in customer' })
      .where(eq(invoices.id, loose._id));
    expect(await mailedToken(loose._id)).toBeNull();
  });
});
