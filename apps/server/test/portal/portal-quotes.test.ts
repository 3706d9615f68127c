import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { invoiceDocument } from '../../src/areas/invoices/index.js';
import { appointments } from '../../src/db/schema/index.js';
import type { CompanyEvent } from '../../src/platform/events.js';
import {
  anonymous,
  buildCompany,
  buildMember,
  type Loose,
  type TestUser,
} from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { buildType } from '../support/jobs-helpers.js';
import { pdfText } from '../support/pdf-text.js';

/** A client answers a quote in the portal (docs/portal.md): accept, decline, ask for changes. */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

let h: Harness;
let co: { id: string; owner: TestUser };
let client: string;
let other: string;
let token: string;
let events: CompanyEvent[] = [];

const url = (rest = '') => `/api/companies/${co.id}/invoices${rest}`;
const answer = (id: string, what: string, body: unknown, t = token) =>
  anonymous(h).post(`/api/portal/${t}/quotes/${id}/${what}`, body);
const quote = (price = 2000, entity = client): Promise<Loose> =>
  buildInvoice(co.owner.api, co.id, entity, {
    isQuote: true,
    to: 'Lindiwe Zulu',
    descriptions: [line({ description: 'Borehole pump', price })],
  });
const get = async (id: string) => (await co.owner.api.get(url(`/${id}`))).body as Loose;
/** The quote's version as the portal shows it (what an acceptance names). */
const versionOf = async (id: string, t = token) =>
  (await anonymous(h).get(`/api/portal/${t}`)).body.quotes.find((d: Loose) => d._id === id)
    ?.version as string;
const settings = (body: Record<string, unknown>) =>
  co.owner.api.post(`/api/companies/${co.id}`, { companyName: 'Zulu Water', ...body });

beforeAll(async () => {
  h = await startHarness();
  h.deps.events.on((e) => events.push(e));
  co = await buildCompany(h);
  await settings({ EmailAddress: 'office@zulu.test' });
  client = await buildClient(co.owner.api, co.id, { name: 'Lindiwe', surname: 'Zulu' });
  other = await buildClient(co.owner.api, co.id, { name: 'Other', surname: 'Client' });
  const made = await co.owner.api.post(
    `/api/companies/${co.id}/entities/${client}/portal-link`,
    {},
  );
  token = (made.body.url as string).split('/portal/')[1]!;
}, 60_000);
afterAll(() => h.close());

describe('accepting a quote', () => {
  it('records name, signature, PO, time, address and browser; locks the quote; tells staff', async () => {
    const tech = await buildMember(h, co.id, { appointments: { r: true } });
    const q = await quote();
    events = [];
    const r = await answer(q._id, 'accept', {
      name: 'Lindiwe Zulu',
      signature: PNG,
      poNumber: 'PO-778',
      version: await versionOf(q._id),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe('Thank you: the quote is accepted.');
    const saved = await get(q._id);
    expect(saved.isQuote).toBe(true);
    expect(saved.clientResponse).toMatchObject({
      kind: 'accepted',
      name: 'Lindiwe Zulu',
      poNumber: 'PO-778',
      signature: PNG,
      ip: expect.any(String),
      userAgent: expect.any(String),
      termsAccepted: false,
    });
    expect(Date.now() - Date.parse(saved.clientResponse.at)).toBeLessThan(60_000);
    expect(events).toContainEqual({ companyId: co.id, name: 'invoicesChanged', ids: [q._id] });
    // In the owner's notifications (live), opening the quote; a member who may not read
    // invoices hears nothing.
    const told = events.find((e) => e.name === 'notificationsChanged');
    expect(told?.ids).toHaveLength(1);
    const list = await co.owner.api.get(`/api/notifications?companyId=${co.id}`);
    expect(list.body.notifications[0]).toMatchObject({
      kind: 'quoteAnswer',
      invoiceId: q._id,
      jobId: null,
      title: `Lindiwe Zulu accepted quote ${q.quoteNumber}`,
    });
    const theirs = await tech.api.get(`/api/notifications?companyId=${co.id}`);
    expect(theirs.body.notifications).toEqual([]);
    const mail = await h.mail.last(co.owner.email);
    expect(mail.subject).toBe(`Lindiwe Zulu accepted quote ${q.quoteNumber}`);
    expect(mail.text).toContain('PO number PO-778');

    // The portal shows the answer; the quote cannot be accepted twice.
    const view = (await anonymous(h).get(`/api/portal/${token}`)).body;
    expect(view.quotes.find((d: Loose) => d._id === q._id).response).toMatchObject({
      kind: 'accepted',
      name: 'Lindiwe Zulu',
    });
    const again = await answer(q._id, 'accept', {
      name: 'X Y',
      signature: PNG,
      version: await versionOf(q._id),
    });
    expect(again.status).toBe(409);
    expect((await answer(q._id, 'decline', { reason: 'no' })).status).toBe(409);

    // Locked: the lines cannot change; turning it into an invoice as it is works.
    const changed = await co.owner.api.post(url(), {
      ...saved,
      descriptions: [line({ description: 'Borehole pump', price: 2500 })],
    });
    expect(changed.status).toBe(400);
    expect(changed.body.fields).toHaveProperty('descriptions');
    const turned = await co.owner.api.post(url(), { ...saved, isQuote: false });
    expect(turned.status, JSON.stringify(turned.body)).toBe(200);
    expect((await get(q._id)).invoiceNumber).toMatch(/^INV/);
  });

  it('prints the acceptance on the quote', async () => {
    const q = await quote(1234);
    await answer(q._id, 'accept', {
      name: 'Lindiwe Zulu',
      signature: PNG,
      version: await versionOf(q._id),
    });
    const pdf = await co.owner.api.get(url(`/${q._id}/download`));
    const text = await pdfText(pdf.body as Buffer);
    expect(text).toMatch(/Accepted\s+by Lindiwe Zulu on \d{4}-\d{2}-\d{2}\./);
    // The drawn signature is in the page the PDF is printed from.
    const doc = await invoiceDocument(h.deps, co.id, q._id);
    expect(doc.html).toContain('alt="Signature of Lindiwe Zulu"');
    expect(doc.html).toContain('src="data:image/png;base64,iVBORw0KGgo');
  });

  it('refuses a quote changed since it was seen (409), and a bad signature (400)', async () => {
    const q = await quote(3000);
    // Staff change a line's words (the total stays) after the client opened the portal.
    const seenVersion = await versionOf(q._id);
    const full = await get(q._id);
    const edited = await co.owner.api.post(url(), {
      ...full,
      descriptions: [line({ description: 'Borehole pump, refurbished', price: 3000 })],
    });
    expect(edited.status).toBe(200);
    expect((await get(q._id)).totals.total).toBe(q.totals.total);
    const seen = await answer(q._id, 'accept', {
      name: 'Lindiwe Zulu',
      signature: PNG,
      version: seenVersion,
    });
    expect(seen.status).toBe(409);
    expect(seen.body.error).toMatch(/changed since you opened it/);
    const bad = await answer(q._id, 'accept', {
      name: 'Lindiwe Zulu',
      signature: 'data:image/svg+xml;base64,PHN2Zz4=',
      version: await versionOf(q._id),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('signature');
    expect((await get(q._id)).clientResponse).toBeNull();
  });

  it("asks for the company's terms when it has some", async () => {
    await settings({ quoteTerms: 'Work starts when the deposit is paid.' });
    const view = (await anonymous(h).get(`/api/portal/${token}`)).body;
    expect(view.company.quoteTerms).toBe('Work starts when the deposit is paid.');
    const q = await quote(500);
    const body = { name: 'Lindiwe Zulu', signature: PNG, version: await versionOf(q._id) };
    const r = await answer(q._id, 'accept', body);
    expect(r.status).toBe(400);
    expect(r.body.fields).toHaveProperty('acceptTerms');
    expect((await answer(q._id, 'accept', { ...body, acceptTerms: true })).status).toBe(200);
    expect((await get(q._id)).clientResponse.termsAccepted).toBe(true);
    await settings({ quoteTerms: '' });
  });

  it('turns the quote into an invoice when the company chose so', async () => {
    await settings({ quoteAcceptAction: 'invoice' });
    const q = await quote(800);
    const r = await answer(q._id, 'accept', {
      name: 'Lindiwe Zulu',
      signature: PNG,
      version: await versionOf(q._id),
    });
    expect(r.status).toBe(200);
    const inv = await get(q._id);
    expect(inv).toMatchObject({ isQuote: false, quoteNumber: q.quoteNumber });
    expect(inv.invoiceNumber).toMatch(/^INV/);
    expect(inv.clientResponse.kind).toBe('accepted');
    expect((await h.mail.last(co.owner.email)).text).toContain('turned into an invoice');
    await settings({ quoteAcceptAction: 'notify' });
  });
});

describe('a job of the accepted quote', () => {
  it("is made Unscheduled, of the company's chosen type, with the quote's lines", async () => {
    const type = await buildType(co.owner.api, co.id);
    const bad = await settings({ quoteAcceptAction: 'job', quoteAcceptJobTypeId: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('quoteAcceptJobTypeId');
    const ok = await settings({ quoteAcceptAction: 'job', quoteAcceptJobTypeId: type._id });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const q = await quote(1500);
    const r = await answer(q._id, 'accept', {
      name: 'Lindiwe Zulu',
      signature: PNG,
      version: await versionOf(q._id),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const jobs = await h.deps.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.companyId, co.id), eq(appointments.entityId, client)));
    const job = jobs.find((j) => j.faultDescription.includes(`Quote ${q.quoteNumber} accepted`));
    expect(job, JSON.stringify(jobs.map((j) => j.faultDescription))).toBeDefined();
    expect(job).toMatchObject({ appointmentTypeId: type._id, hasSchedule: false });
    // No lines on the job: the quote holds them and is what is invoiced, never twice.
    expect(job!.lineItems).toEqual([]);
    expect(job!.faultDescription).toContain('Borehole pump');
    expect((await get(q._id)).isQuote).toBe(true);
    expect((await h.mail.last(co.owner.email)).text).toContain(
      `Job ${job!.appointmentNumber} was made`,
    );
    await settings({ quoteAcceptAction: 'notify', quoteAcceptJobTypeId: null });
  });
});

describe('declining and asking for changes', () => {
  it('records the reason or the changes, and leaves the quote editable', async () => {
    const q = await quote(900);
    expect((await answer(q._id, 'changes', { message: 'Please add a timer' })).status).toBe(200);
    expect((await get(q._id)).clientResponse).toMatchObject({
      kind: 'changes',
      text: 'Please add a timer',
      name: 'Lindiwe Zulu',
      signature: null,
    });
    const full = await get(q._id);
    const edited = await co.owner.api.post(url(), {
      ...full,
      descriptions: [...full.descriptions, line({ description: 'Timer', price: 300 })],
    });
    expect(edited.status).toBe(200);
    // Another answer a moment later is refused (each tells every member): 429.
    expect((await answer(q._id, 'decline', { reason: 'Too dear' })).status).toBe(429);
    await h.deps.database.db.execute(
      sql`UPDATE invoices SET client_response = jsonb_set(client_response, '{at}', to_jsonb((now() - interval '11 minutes')::text)) WHERE id = ${q._id}`,
    );
    expect((await answer(q._id, 'decline', { reason: 'Too dear' })).status).toBe(200);
    expect((await get(q._id)).clientResponse).toMatchObject({ kind: 'declined', text: 'Too dear' });
    expect((await answer(q._id, 'decline', { reason: ' ' })).status).toBe(400);
    // The quote's log keeps both answers, oldest first; a refused one is not in it.
    const log = (await get(q._id)).clientResponses as { kind: string; text: string }[];
    expect(log.map((r) => [r.kind, r.text])).toEqual([
      ['changes', 'Please add a timer'],
      ['declined', 'Too dear'],
    ]);
  });

  it("answers 404 for another client's quote or a revoked link; 400 for an invoice", async () => {
    const theirs = await quote(100, other);
    expect((await answer(theirs._id, 'decline', { reason: 'mine now' })).status).toBe(404);
    expect((await get(theirs._id)).clientResponse).toBeNull();
    expect((await answer('nope', 'decline', { reason: 'x' })).status).toBe(404);
    // Shaped like an id but not one: still a 404, never a database error.
    expect((await answer('-'.repeat(36), 'decline', { reason: 'x' })).status).toBe(404);
    expect((await answer('a'.repeat(36), 'decline', { reason: 'x' })).status).toBe(404);
    const inv = await buildInvoice(co.owner.api, co.id, client, { descriptions: [line()] });
    expect((await answer(inv._id, 'decline', { reason: 'x' })).status).toBe(400);
    await co.owner.api.post(`/api/companies/${co.id}/entities/${client}/portal-link/revoke`);
    const q = await quote(100);
    expect((await answer(q._id, 'decline', { reason: 'x' })).status).toBe(404);
  });
});
