import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_MSG, vatTax } from '@fieldbook/core';
import { portalLinks } from '../../src/db/schema/index.js';
import {
  anonymous,
  buildCompany,
  buildMember,
  type Loose,
  type TestUser,
} from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildJob, buildType } from '../support/jobs-helpers.js';
import { pdfText } from '../support/pdf-text.js';
import { buildPeriodAccount } from '../support/statement-period.js';

/** The client portal (DECISIONS §16, docs/portal.md): links, scope, revocation, expiry. */
let h: Harness;
let co: { id: string; owner: TestUser };
let other: { id: string; owner: TestUser };
let client: string;
let neighbour: string;
let inv: Loose;

const linkUrl = (cid: string, id: string) => `/api/companies/${cid}/entities/${id}/portal-link`;
const tokenOf = (url: string) => url.split('/portal/')[1]!;
const portal = (token: string, rest = '') => anonymous(h).get(`/api/portal/${token}${rest}`);
const makeLink = async (send = false, id = client) => {
  const r = await co.owner.api.post(linkUrl(co.id, id), { send });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { url: string; state: string; expiresAt: string; sentTo: string | null };
};

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  other = await buildCompany(h);
  await co.owner.api.post(`/api/companies/${co.id}`, {
    companyName: 'Mthembu Electrical',
    phone: '021 555 0101',
    address: '12 Long Street, Cape Town',
  });
  client = await buildClient(co.owner.api, co.id, {
    name: 'Ayanda',
    surname: 'Mthembu',
    email: 'ayanda@example.test',
  });
  neighbour = await buildClient(co.owner.api, co.id, {
    name: 'Pieter',
    surname: 'Smit',
    email: '',
  });
  inv = await buildInvoice(co.owner.api, co.id, client, {
    invoiceDate: '2026-10-01',
    dueDate: '2026-10-08',
    tax: vatTax({ tV: 15 }),
    descriptions: [line({ description: 'Rewire kitchen', price: 1000 })],
  });
  await buildInvoice(co.owner.api, co.id, client, {
    isQuote: true,
    descriptions: [line({ description: 'Solar geyser', price: 5000 })],
  });
  // Someone else's invoice in the same company: never in Ayanda's portal.
  await buildInvoice(co.owner.api, co.id, neighbour, {
    descriptions: [line({ description: 'Neighbour secret work', price: 777 })],
  });
}, 60_000);
afterAll(() => h.close());

describe('portal links (staff)', () => {
  it('makes a link shown once, e-mails it, and tells its state without the token', async () => {
    const before = await co.owner.api.get(linkUrl(co.id, client));
    expect(before.body).toMatchObject({ state: 'none', expiresAt: null });
    const made = await makeLink(true);
    expect(made.url).toMatch(/\/portal\/[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ state: 'active', sentTo: 'ayanda@example.test' });
    // 90 days by default.
    const days = (Date.parse(made.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    const mail = await h.mail.last('ayanda@example.test');
    expect(mail.subject).toBe('Your account with Mthembu Electrical');
    expect(mail.text).toContain(made.url);
    const status = await co.owner.api.get(linkUrl(co.id, client));
    expect(status.body.state).toBe('active');
    expect(JSON.stringify(status.body)).not.toContain(tokenOf(made.url));
    // Only the hash is stored.
    const rows = await h.deps.database.db.select().from(portalLinks);
    expect(JSON.stringify(rows)).not.toContain(tokenOf(made.url));
  });

  it('puts the links back as they were when the e-mail cannot go (502)', async () => {
    const before = await makeLink();
    const send = h.deps.mailer.send;
    h.deps.mailer.send = async () => {
      throw new Error('550 5.7.1 Message rejected');
    };
    try {
      const r = await co.owner.api.post(linkUrl(co.id, client), { send: true });
      expect(r.status).toBe(502);
      expect(r.body.error).toMatch(/could not be sent, so no new link was made/);
    } finally {
      h.deps.mailer.send = send;
    }
    expect((await portal(tokenOf(before.url))).status).toBe(200);
    expect((await co.owner.api.get(linkUrl(co.id, client))).body.state).toBe('active');
  });

  it('refuses to e-mail a client without an address, naming send', async () => {
    const r = await co.owner.api.post(linkUrl(co.id, neighbour), { send: true });
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('send');
  });

  it('401 without a token, 404 for another company, 403 without clients u', async () => {
    expect((await anonymous(h).get(linkUrl(co.id, client))).status).toBe(401);
    expect((await other.owner.api.post(linkUrl(other.id, client), {})).status).toBe(404);
    expect(
      (await co.owner.api.get(linkUrl(co.id, '00000000-0000-4000-8000-000000000000'))).status,
    ).toBe(404);
    const reader = await buildMember(h, co.id, { clients: { r: true } });
    expect((await reader.api.get(linkUrl(co.id, client))).status).toBe(200);
    expect((await reader.api.post(linkUrl(co.id, client), {})).status).toBe(403);
    expect((await reader.api.post(`${linkUrl(co.id, client)}/revoke`)).status).toBe(403);
    // The link shows invoices: making one needs invoices r as well as clients u.
    const clerk = await buildMember(h, co.id, { clients: { r: true, u: true } });
    expect((await clerk.api.post(linkUrl(co.id, client), {})).status).toBe(403);
    expect((await clerk.api.post(`${linkUrl(co.id, client)}/revoke`)).status).toBe(200);
  });
});

describe('the portal (the client)', () => {
  it("shows the client's own documents and jobs, the company's contact, nothing of others", async () => {
    const type = await buildType(co.owner.api, co.id);
    const tech = await buildMember(h, co.id, { appointments: { r: true } });
    const start = new Date(Date.now() + 7 * 86_400_000);
    await buildJob(co.owner.api, co.id, {
      appointmentTypeId: type._id,
      hasSchedule: true,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 3_600_000).toISOString(),
      entityId: client,
      assignedUsers: [tech.id],
      faultDescription: 'Internal: the dog bites',
    });
    const token = tokenOf((await makeLink()).url);
    const r = await portal(token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body.company).toEqual({
      name: 'Mthembu Electrical',
      phone: '021 555 0101',
      email: expect.any(String),
      address: '12 Long Street, Cape Town',
      timeZone: 'Africa/Johannesburg',
      quoteTerms: '',
    });
    expect(r.body.client).toEqual({ name: 'Ayanda Mthembu' });
    expect(r.body.openInvoices).toEqual([
      expect.objectContaining({
        number: inv.invoiceNumber,
        total: 1150,
        balance: 1150,
        status: 'Unpaid',
        overdue: true,
        link: expect.stringMatching(new RegExp(`^/view/c/${co.id}/e/${client}/i/[0-9a-f]{64}$`)),
      }),
    ]);
    expect(r.body.quotes).toHaveLength(1);
    expect(r.body.outstanding).toBe(1150);
    expect(r.body.jobs).toEqual([
      expect.objectContaining({ type: type.name, technicians: [`Test ${tech.username}`] }),
    ]);
    const text = JSON.stringify(r.body);
    expect(text).not.toContain('Neighbour');
    expect(text).not.toContain('dog bites');
    expect(text).not.toContain('Rewire kitchen');
  });

  it('prints the statement and the client credit notes, and no other client’s', async () => {
    const token = tokenOf((await makeLink()).url);
    const st = await portal(token, '/statement');
    expect(st.status).toBe(200);
    expect(st.headers['content-type']).toBe('application/pdf');
    const note = await co.owner.api.post(
      `/api/companies/${co.id}/invoices/${inv._id}/credit-notes`,
      {
        amount: 100,
        reason: 'Goodwill',
      },
    );
    expect(note.status).toBe(200);
    const view = await portal(token);
    expect(view.body.creditNotes).toEqual([
      expect.objectContaining({ _id: note.body._id, number: note.body.number, total: 100 }),
    ]);
    const pdf = await portal(token, `/credit-notes/${note.body._id}/download`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Another client's note through Ayanda's link: not found.
    const theirs = await buildInvoice(co.owner.api, co.id, neighbour, {
      descriptions: [line({ price: 50 })],
    });
    const n2 = await co.owner.api.post(
      `/api/companies/${co.id}/invoices/${theirs._id}/credit-notes`,
      {
        amount: 10,
        reason: 'x',
      },
    );
    expect((await portal(token, `/credit-notes/${n2.body._id}/download`)).status).toBe(404);
    expect((await portal(token, '/credit-notes/nope/download')).status).toBe(404);
    expect((await portal(token, `/credit-notes/${'-'.repeat(36)}/download`)).status).toBe(404);
  });

  it('prints the statement of a period chosen by the client; a bad date is 400 naming it', async () => {
    const id = await buildClient(co.owner.api, co.id, { name: 'Nomsa', surname: 'Dube' });
    const [a, b, late] = (await buildPeriodAccount(co.owner.api, co.id, id)).numbers;
    const token = tokenOf((await makeLink(false, id)).url);
    const st = await portal(token, '/statement?from=2026-02-01&to=2026-02-28');
    expect(st.status).toBe(200);
    expect(st.headers['content-type']).toBe('application/pdf');
    expect(st.headers['cache-control']).toBe('no-store');
    expect(String(st.headers['content-disposition'])).toContain(
      'filename="Statement Nomsa Dube 2026-02-01 to 2026-02-28.pdf"',
    );
    const text = await pdfText(st.body as Buffer);
    expect(text).toMatch(/Period\s+2026-02-01 to 2026-02-28/);
    expect(text).toMatch(/Closing balance\s+R750\.54/);
    expect(text).toMatch(/2026-02-01\s+Balance brought forward\s+R999\.99\s+R999\.99/);
    expect(text).toMatch(new RegExp(`Payment ${a}\\s+R500\\.00\\s+R499\\.99`));
    expect(text).toMatch(new RegExp(`Invoice ${b}\\s+R250\\.55\\s+R750\\.54`));
    expect(text).not.toContain(late);
    // Only from: March's lines after the R750.54 brought forward, closing at R580.09.
    const march = await pdfText((await portal(token, '/statement?from=2026-03-01')).body as Buffer);
    expect(march).toMatch(/Period\s+from 2026-03-01/);
    expect(march).toMatch(/Balance brought forward\s+R750\.54\s+R750\.54/);
    expect(march).toMatch(/Closing balance\s+R580\.09/);
    expect(march).toContain(late);
    expect(march).not.toContain('2026-02-20');

    const reversed = await portal(token, '/statement?from=2026-02-28&to=2026-02-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body).toEqual({
      error: 'from must be on or before to',
      fields: { from: 'must be on or before to' },
    });
    const notDate = await portal(token, '/statement?to=28-02-2026');
    expect(notDate.status).toBe(400);
    expect(notDate.body.fields).toEqual({ to: 'must be a date (YYYY-MM-DD)' });
  });

  it('a new link or a revocation closes the old one; an unknown token is 404', async () => {
    const first = tokenOf((await makeLink()).url);
    const second = tokenOf((await makeLink()).url);
    expect((await portal(first)).status).toBe(404);
    expect((await portal(second)).status).toBe(200);
    const revoked = await co.owner.api.post(`${linkUrl(co.id, client)}/revoke`);
    expect(revoked.body.state).toBe('revoked');
    const r = await portal(second);
    expect(r.status).toBe(404);
    expect(r.body.error).toBe(PORTAL_MSG.notFound);
    expect((await portal('x'.repeat(43))).status).toBe(404);
    expect((await portal('short')).status).toBe(404);
    // A revoked link cannot ask for a fresh one.
    expect((await anonymous(h).post(`/api/portal/${second}/renew`)).status).toBe(404);
  });

  it('an expired link answers 410 and asks for a fresh one by e-mail, a few times a day', async () => {
    const token = tokenOf((await makeLink()).url);
    expect((await anonymous(h).post(`/api/portal/${token}/renew`)).status).toBe(400);
    await h.deps.database.db
      .update(portalLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalLinks.clientId, client));
    const r = await portal(token);
    expect(r.status).toBe(410);
    expect(r.body.error).toBe(PORTAL_MSG.expired);
    const sent = h.mail.mails.length;
    const renew = await anonymous(h).post(`/api/portal/${token}/renew`);
    expect(renew.status, JSON.stringify(renew.body)).toBe(200);
    expect(renew.body.message).toBe(PORTAL_MSG.renewed);
    const mail = await h.mail.last('ayanda@example.test');
    expect(h.mail.mails.length).toBe(sent + 1);
    const fresh = tokenOf(mail.text.match(/https?:\S+\/portal\/[A-Za-z0-9_-]{43}/)![0]);
    expect((await portal(fresh)).status).toBe(200);
    // The expired link again (it is revoked now by the fresh one): not found.
    expect((await anonymous(h).post(`/api/portal/${token}/renew`)).status).toBe(404);

    // Two asks at once with one expired link: one fresh link, the other finds nothing to renew.
    await h.deps.database.db
      .update(portalLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(portalLinks.clientId, client));
    const both = await Promise.all([
      anonymous(h).post(`/api/portal/${fresh}/renew`),
      anonymous(h).post(`/api/portal/${fresh}/renew`),
    ]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 404]);
    const after = await h.mail.last('ayanda@example.test');
    let current = tokenOf(after.text.match(/https?:\S+\/portal\/[A-Za-z0-9_-]{43}/)![0]);

    // At most three fresh links a day: the next ask is refused.
    const expire = () =>
      h.deps.database.db
        .update(portalLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(portalLinks.clientId, client));
    for (let i = 0; i < 1; i++) {
      await expire();
      expect((await anonymous(h).post(`/api/portal/${current}/renew`)).status).toBe(200);
      const m = await h.mail.last('ayanda@example.test');
      current = tokenOf(m.text.match(/https?:\S+\/portal\/[A-Za-z0-9_-]{43}/)![0]);
    }
    await expire();
    expect((await anonymous(h).post(`/api/portal/${current}/renew`)).status).toBe(429);
  });

  it('the company setting sets how long a link works', async () => {
    const saved = await co.owner.api.post(`/api/companies/${co.id}`, {
      companyName: 'Mthembu Electrical',
      portalLinkDays: 7,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const made = await makeLink();
    const days = (Date.parse(made.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const bad = await co.owner.api.post(`/api/companies/${co.id}`, {
      companyName: 'Mthembu Electrical',
      portalLinkDays: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('portalLinkDays');
  });
});
