import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, allRights } from '@fieldbook/core';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let clientId: string;
let invoice: { _id: string; invoiceNumber: string };

const url = (id: string) => `/api/companies/${cid}/invoices/${id}/email`;
const statementUrl = (id: string) => `/api/companies/${cid}/entities/${id}/email`;
const sendBody = {
  to: ['ann@example.test', 'bob@example.test'],
  subject: 'Your invoice',
  message: 'Hello Ann',
};

beforeAll(async () => {
  // The company SMTP test runs its server on 127.0.0.1.
  h = await startHarness({ COMPANY_SMTP_ALLOW_PRIVATE: '1' });
  const c = await buildCompany(h);
  cid = c.id;
  owner = c.owner;
  await setCompany(owner.api, cid, {
    companyName: 'Acme Plumbing',
    EmailAddress: 'office@acme.test',
  });
  clientId = await buildClient(owner.api, cid, {
    name: 'Jane',
    surname: 'Doe',
    email: 'jane@example.test',
  });
  invoice = await buildInvoice(owner.api, cid, clientId, {
    toEmail: 'jane@example.test; accounts@example.test',
  });
});
afterAll(() => h.close());

const mailsWithHeader = (name: string, value: string) =>
  h.mail.mails.filter((m) => m.headers[name] === value);

describe('GET /invoices/{id}/email (the send modal draft)', () => {
  it("offers the invoice's addresses, the template's subject and a body with the public link", async () => {
    const r = await owner.api.get(url(invoice._id));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.to).toEqual(['jane@example.test', 'accounts@example.test']);
    expect(r.body.subject).toContain(invoice.invoiceNumber);
    expect(r.body.publicUrl).toMatch(
      new RegExp(`^http://fieldbook\\.test/view/c/${cid}/e/${clientId}/i/[0-9a-f]{64}$`),
    );
    expect(r.body.message).toContain(r.body.publicUrl);
    expect(r.body).toMatchObject({ companyEmail: 'office@acme.test', ownSmtp: false });
  });

  it('says a paid invoice is paid, with the link to view it, and never asks to pay', async () => {
    const paid = await buildInvoice(owner.api, cid, clientId, {
      toEmail: 'jane@example.test',
      paid: true,
      amountPaid: 115,
      datePaid: '2026-03-04',
      methodPaid: 'EFT',
      descriptions: [line({ price: 115 })],
    });
    const r = await owner.api.get(url(paid._id));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toContain(`${paid.invoiceNumber} for `);
    expect(r.body.message).toMatch(/115\.00, paid on \S/);
    expect(r.body.message).not.toMatch(/due on|pay it/);
    expect(r.body.message).toContain(`You can view it online: ${r.body.publicUrl}`);
    const unpaid = await owner.api.get(url(invoice._id));
    expect(unpaid.body.message).toMatch(/due on .*\n[^]*view and pay it online/);
  });

  it('is 404 for an invoice of another company', async () => {
    const other = await buildCompany(h);
    const theirClient = await buildClient(other.owner.api, other.id);
    const theirs = await buildInvoice(other.owner.api, other.id, theirClient);
    expect((await owner.api.get(url(theirs._id))).status).toBe(404);
    expect((await owner.api.post(url(theirs._id), sendBody)).status).toBe(404);
  });
});

describe('POST /invoices/{id}/email', () => {
  it('sends the PDF and the link, then records the e-mail on the invoice', async () => {
    const r = await owner.api.post(url(invoice._id), sendBody);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ message: MSG.sent });
    const [m, ...more] = mailsWithHeader('x-fieldbook-invoice', invoice._id);
    expect(more).toEqual([]);
    expect(m!.to).toBe('ann@example.test, bob@example.test');
    expect(m!.subject).toBe('Your invoice');
    expect(m!.text).toContain('Hello Ann');
    expect(m!.text).toMatch(new RegExp(`/view/c/${cid}/e/${clientId}/i/[0-9a-f]{64}`));
    expect(m!.replyTo).toBe('office@acme.test');
    expect(m!.attachments).toEqual([
      expect.objectContaining({
        filename: `${invoice.invoiceNumber}.pdf`,
        contentType: 'application/pdf',
      }),
    ]);
    expect(m!.attachments[0]!.size).toBeGreaterThan(1000);
    const got = (await owner.api.get(`/api/companies/${cid}/invoices/${invoice._id}`)).body;
    expect(got.sent).toEqual(expect.any(String));
    expect(got.emails).toEqual([
      { to: 'ann@example.test, bob@example.test', date: expect.any(String) },
    ]);
    expect(got.queuedForSending).toBe(false);
  });

  it("sends a test only to the company's own address and records nothing", async () => {
    const before = (await owner.api.get(`/api/companies/${cid}/invoices/${invoice._id}`)).body;
    const r = await owner.api.post(url(invoice._id), { ...sendBody, test: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const m = await h.mail.last('office@acme.test');
    expect(m.to).toBe('office@acme.test');
    expect(m.attachments).toHaveLength(1);
    const after = (await owner.api.get(`/api/companies/${cid}/invoices/${invoice._id}`)).body;
    expect(after.emails).toEqual(before.emails);
    expect(after.sent).toEqual(before.sent);
  });

  it('refuses a test without a company address, with the exact message', async () => {
    const c = await buildCompany(h);
    const client = await buildClient(c.owner.api, c.id);
    const inv = await buildInvoice(c.owner.api, c.id, client);
    const count = h.mail.mails.length;
    const r = await c.owner.api.post(`/api/companies/${c.id}/invoices/${inv._id}/email`, {
      ...sendBody,
      test: true,
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'Please add your own company email address under settings' });
    expect(h.mail.mails.length).toBe(count);
  });

  it('answers 400 naming the field for a bad address or a missing subject', async () => {
    const bad = await owner.api.post(url(invoice._id), { ...sendBody, to: ['not an address'] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['to.0']);
    const none = await owner.api.post(url(invoice._id), { ...sendBody, to: [] });
    expect(none.status).toBe(400);
    expect(none.body.fields).toHaveProperty('to');
    const noSubject = await owner.api.post(url(invoice._id), { to: ['a@example.test'] });
    expect(noSubject.status).toBe(400);
    expect(noSubject.body.fields).toHaveProperty('subject');
  });

  it('e-mails a quote too', async () => {
    const quote = await buildInvoice(owner.api, cid, clientId, { isQuote: true });
    const draft = await owner.api.get(url(quote._id));
    expect(draft.body.subject).toMatch(/^Quote /);
    const r = await owner.api.post(url(quote._id), { ...sendBody, subject: draft.body.subject });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(mailsWithHeader('x-fieldbook-invoice', quote._id)).toHaveLength(1);
  });

  it('needs invoices u to send and invoices r for the draft; 401 without a token', async () => {
    const reader = await buildMember(h, cid, { invoices: { r: true } });
    expect((await reader.api.get(url(invoice._id))).status).toBe(200);
    expect((await reader.api.post(url(invoice._id), sendBody)).status).toBe(403);
    const writer = await buildMember(h, cid, { invoices: { r: true, u: true } });
    expect((await writer.api.post(url(invoice._id), sendBody)).status).toBe(200);
    expect((await anonymous(h).post(url(invoice._id), sendBody)).status).toBe(401);
    const none = await buildMember(h, cid, null);
    expect((await none.api.get(url(invoice._id))).status).toBe(403);
  });
});

describe('statement e-mail (/entities/{id}/email)', () => {
  it("drafts to the client's address and sends the statement PDF", async () => {
    const d = await owner.api.get(statementUrl(clientId));
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body).toMatchObject({ to: ['jane@example.test'], companyEmail: 'office@acme.test' });
    expect(d.body.subject).toContain('Acme Plumbing');
    const r = await owner.api.post(statementUrl(clientId), {
      to: ['jane@example.test'],
      subject: d.body.subject,
      message: d.body.message,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ message: MSG.sent });
    const [m] = mailsWithHeader('x-fieldbook-statement', clientId);
    expect(m!.to).toBe('jane@example.test');
    expect(m!.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(m!.attachments[0]!.filename).toMatch(/^Statement Jane Doe \d{4}-\d{2}-\d{2}\.pdf$/);
  });

  it('needs clients u to send, clients r for the draft; 404 for an unknown client', async () => {
    const reader = await buildMember(h, cid, { clients: { r: true } });
    expect((await reader.api.get(statementUrl(clientId))).status).toBe(200);
    expect(
      (await reader.api.post(statementUrl(clientId), { to: ['a@example.test'], subject: 'S' }))
        .status,
    ).toBe(403);
    const invoicesOnly = await buildMember(h, cid, allRights(true));
    expect((await invoicesOnly.api.get(statementUrl(invoice._id))).status).toBe(404);
  });
});

describe("the company's own SMTP server", () => {
  it('sends through it, signed in with the stored password, from the company address', async () => {
    const got: { user?: string; pass?: string; from?: string; to?: string }[] = [];
    const server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _s, cb) {
        if (auth.username === 'acme' && auth.password === 's3cret pass')
          return cb(null, { user: auth.username });
        cb(new Error('bad login'));
      },
      onData(stream, session, cb) {
        simpleParser(stream)
          .then((m) => {
            got.push({
              user: session.user as string,
              from: m.from?.text,
              to: Array.isArray(m.to) ? '' : m.to?.text,
            });
            cb();
          })
          .catch(cb);
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.server.address() as AddressInfo).port;
      await setCompany(owner.api, cid, {
        companyName: 'Acme Plumbing',
        EmailAddress: 'office@acme.test',
        smtp: { host: '127.0.0.1', port, secure: false, user: 'acme', password: 's3cret pass' },
      });
      const platformBefore = h.mail.mails.length;
      expect((await owner.api.get(url(invoice._id))).body.ownSmtp).toBe(true);
      const r = await owner.api.post(url(invoice._id), { ...sendBody, to: ['own@example.test'] });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(got).toEqual([
        { user: 'acme', from: '"Acme Plumbing" <office@acme.test>', to: 'own@example.test' },
      ]);
      expect(h.mail.mails.length).toBe(platformBefore);
    } finally {
      await setCompany(owner.api, cid, { companyName: 'Acme Plumbing', smtp: null });
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
