import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@fieldbook/core';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import {
  doc,
  invoicesUrl,
  outstanding,
  saveAndGet,
  setCompany,
  vat,
} from '../support/invoices-helpers.js';

/**
 * Credit notes beyond their invoice (docs/payments.md "Credit notes"): the
 * company's list, refunds out of a note's excess, and the note by e-mail.
 */
let h: Harness;
let mine: { id: string; owner: TestUser };
let client: string;

beforeAll(async () => {
  h = await startHarness();
  mine = await buildCompany(h);
  await setCompany(mine.owner.api, mine.id, {
    companyName: 'Acme Plumbing',
    EmailAddress: 'office@acme.test',
  });
  client = await buildClient(mine.owner.api, mine.id, {
    name: 'Thandi',
    surname: 'Nkosi',
    email: 'thandi@example.test',
  });
});
afterAll(() => h.close());

const notesUrl = (cid = mine.id) => `/api/companies/${cid}/credit-notes`;
const refundsUrl = (note: string, cid = mine.id) => `${notesUrl(cid)}/${note}/refunds`;

/** R100 + R50, VAT 15 % exclusive: R172.50, paid in full by hand, then credited in full. */
async function paidAndCredited(date: string, reason = 'Job cancelled') {
  const inv = await saveAndGet(
    mine.owner.api,
    mine.id,
    doc(client, {
      invoiceDate: date,
      dueDate: date,
      tax: vat(),
      toEmail: 'accounts@example.test',
      descriptions: [line({ description: 'Valve', price: 100 }), line({ price: 50 })],
    }),
  );
  const paid = await mine.owner.api.post(`${invoicesUrl(mine.id)}/${inv._id}/payments`, {
    amount: 172.5,
    datePaid: date,
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const note = await mine.owner.api.post(`${invoicesUrl(mine.id)}/${inv._id}/credit-notes`, {
    amount: 172.5,
    reason,
    date,
  });
  expect(note.status, JSON.stringify(note.body)).toBe(200);
  expect(note.body).toMatchObject({ total: 172.5, applied: 0, excess: 172.5, refunded: 0 });
  return { inv, note: note.body as { _id: string; number: string } };
}

describe('refunds out of a credit note', () => {
  it('pays back the excess in parts, never more, and the statement shows each', async () => {
    const before = await outstanding(h, client);
    const { inv, note } = await paidAndCredited('2026-05-03');
    const first = await mine.owner.api.post(refundsUrl(note._id), {
      amount: 100,
      date: '2026-05-03',
      method: 'EFT',
      reference: 'REF-1',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      refunded: 100,
      refunds: [{ amount: 100, date: '2026-05-03', method: 'EFT', reference: 'REF-1' }],
    });
    const tooMuch = await mine.owner.api.post(refundsUrl(note._id), { amount: 72.51 });
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body)).toContain('amount');
    expect(JSON.stringify(tooMuch.body)).toContain(
      'must not be more than the R72.50 the credit note still owes the client',
    );
    const early = await mine.owner.api.post(refundsUrl(note._id), {
      amount: 1,
      date: '2026-05-02',
    });
    expect(early.status).toBe(400);
    expect(JSON.stringify(early.body)).toContain('date');
    const rest = await mine.owner.api.post(refundsUrl(note._id), {
      amount: 72.5,
      date: '2026-05-09',
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.refunded).toBe(172.5);
    const none = await mine.owner.api.post(refundsUrl(note._id), { amount: 0.01 });
    expect(JSON.stringify(none.body)).toContain('the credit note owes the client nothing');

    // The client's outstanding never counted the excess; the statement runs back to nil.
    expect(await outstanding(h, client)).toBe(before);
    const st = await mine.owner.api.get(`/api/companies/${mine.id}/entities/${client}/statement`);
    const lines = st.body.lineItems.filter((l: { _id: string }) => l._id === inv._id);
    expect(
      lines.map((l: { description: string; debit_credit: string; total: number }) => [
        l.description,
        l.debit_credit,
        l.total,
      ]),
    ).toEqual([
      [`Invoice ${inv.invoiceNumber}`, 'debit', 172.5],
      [`Payment ${inv.invoiceNumber}`, 'credit', 172.5],
      [`Credit note ${note.number}`, 'credit', 172.5],
      [`Refund ${note.number}`, 'debit', 100],
      [`Refund ${note.number}`, 'debit', 72.5],
    ]);

    // A refund recorded by mistake comes off; the note owes the client R72.50 again.
    const wrong = rest.body.refunds[1]._id as string;
    const off = await mine.owner.api.post(`${refundsUrl(note._id)}/${wrong}/delete`, {});
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ refunded: 100, refunds: [{ amount: 100 }] });
    const again = await mine.owner.api.post(`${refundsUrl(note._id)}/${wrong}/delete`, {});
    expect(again.status).toBe(404);
  });

  it('lets two refunds at once take no more than the excess together', async () => {
    const { note } = await paidAndCredited('2026-06-01');
    const tries = await Promise.all(
      [100, 100, 100].map((amount) => mine.owner.api.post(refundsUrl(note._id), { amount })),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const got = await mine.owner.api.get(`${notesUrl()}/${note._id}`);
    expect(got.body.refunded).toBe(100);
  });

  it('refuses a note that owes nothing, bad input, and other companies, members and strangers', async () => {
    const inv = await saveAndGet(
      mine.owner.api,
      mine.id,
      doc(client, { descriptions: [line({ price: 40 })] }),
    );
    const n = await mine.owner.api.post(`${invoicesUrl(mine.id)}/${inv._id}/credit-notes`, {
      amount: 10,
      reason: 'Discount',
    });
    expect(n.body).toMatchObject({ applied: 10, excess: 0 });
    const nothing = await mine.owner.api.post(refundsUrl(n.body._id), { amount: 1 });
    expect(nothing.status).toBe(400);
    expect(JSON.stringify(nothing.body)).toContain('owes the client nothing');
    const bad = await mine.owner.api.post(refundsUrl(n.body._id), { amount: 'lots' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('amount');

    const { note } = await paidAndCredited('2026-06-02');
    const other = await buildCompany(h);
    expect((await other.owner.api.post(refundsUrl(note._id, other.id), { amount: 1 })).status).toBe(
      404,
    );
    expect((await other.owner.api.get(`${notesUrl(other.id)}/${note._id}`)).status).toBe(404);
    expect((await mine.owner.api.post(refundsUrl('not-a-uuid'), { amount: 1 })).status).toBe(404);
    expect((await anonymous(h).post(refundsUrl(note._id), { amount: 1 })).status).toBe(401);
    const reader = await buildMember(h, mine.id, { invoices: { r: true } });
    expect((await reader.api.post(refundsUrl(note._id), { amount: 1 })).status).toBe(403);
    const got = await mine.owner.api.get(`${notesUrl()}/${note._id}`);
    expect(got.body.refunded).toBe(0);
  });
});

describe('keeping what a note owes for a later invoice', () => {
  const applyUrl = (note: string, cid = mine.id) => `${notesUrl(cid)}/${note}/apply`;
  const later = (price: number, date = '2026-08-01') =>
    saveAndGet(
      mine.owner.api,
      mine.id,
      doc(client, { invoiceDate: date, dueDate: date, descriptions: [line({ price })] }),
    );

  it('pays the later invoice with it, never more than either owes, and undoes with its payment', async () => {
    const { note } = await paidAndCredited('2026-07-20');
    const next = await later(100);
    // Offered where it may go: the client's invoices with a balance, with it.
    const open = await mine.owner.api.get(`${notesUrl()}/${note._id}/open-invoices`);
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body).toContainEqual({
      _id: next._id,
      invoiceNumber: next.invoiceNumber,
      invoiceDate: '2026-08-01',
      balance: 100,
    });
    expect(open.body.every((i: { balance: number }) => i.balance > 0)).toBe(true);
    // All that can go: R100.00, the later invoice's whole balance.
    const r = await mine.owner.api.post(applyUrl(note._id), {
      invoiceId: next._id,
      date: '2026-08-02',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      refunded: 100,
      refunds: [
        {
          amount: 100,
          method: 'Credit',
          reference: next.invoiceNumber,
          invoiceId: next._id,
          invoiceNumber: next.invoiceNumber,
        },
      ],
    });
    const paid = (await mine.owner.api.get(`${invoicesUrl(mine.id)}/${next._id}`)).body;
    expect(paid).toMatchObject({ paid: true, balance: 0, methodPaid: 'Credit note' });
    // Nothing left to pay there; more than the note still owes elsewhere is refused.
    const again = await mine.owner.api.post(applyUrl(note._id), { invoiceId: next._id });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain('has nothing left to pay');
    const big = await later(500);
    const tooMuch = await mine.owner.api.post(applyUrl(note._id), {
      invoiceId: big._id,
      amount: 80,
    });
    expect(JSON.stringify(tooMuch.body)).toContain(
      'must not be more than the R72.50 the credit note still owes the client',
    );
    const small = await later(10);
    const overBalance = await mine.owner.api.post(applyUrl(note._id), {
      invoiceId: small._id,
      amount: 20,
    });
    expect(JSON.stringify(overBalance.body)).toContain(
      `must not be more than the balance of R10.00 of invoice ${small.invoiceNumber}`,
    );

    // The statement: the later invoice's payment, then the note to it (a debit, refunds last).
    const st = await mine.owner.api.get(`/api/companies/${mine.id}/entities/${client}/statement`);
    const pair = st.body.lineItems.filter(
      (l: { description: string }) =>
        l.description === `Credit note ${note.number} to ${next.invoiceNumber}` ||
        l.description === `Payment ${next.invoiceNumber}`,
    );
    expect(
      pair.map((l: { debit_credit: string; total: number }) => [l.debit_credit, l.total]),
    ).toEqual([
      ['credit', 100],
      ['debit', 100],
    ]);

    // Taking the payment off the later invoice gives the note its R100.00 back.
    const payments = (await mine.owner.api.get(`${invoicesUrl(mine.id)}/${next._id}/payments`)).body
      .payments as { _id: string }[];
    const off = await mine.owner.api.post(
      `${invoicesUrl(mine.id)}/${next._id}/payments/${payments[0]!._id}/delete`,
      {},
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const back = (await mine.owner.api.get(`${notesUrl()}/${note._id}`)).body;
    expect(back).toMatchObject({ refunded: 0, refunds: [] });

    // Kept again, then the refund taken off from the note: the payment goes too.
    const kept = await mine.owner.api.post(applyUrl(note._id), { invoiceId: next._id });
    const refundId = kept.body.refunds[0]._id as string;
    const undo = await mine.owner.api.post(`${refundsUrl(note._id)}/${refundId}/delete`, {});
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.refunded).toBe(0);
    expect((await mine.owner.api.get(`${invoicesUrl(mine.id)}/${next._id}`)).body).toMatchObject({
      paid: false,
      balance: 100,
    });

    // Kept once more, then the later invoice deleted: the note owes the client it again.
    expect((await mine.owner.api.post(applyUrl(note._id), { invoiceId: next._id })).status).toBe(
      200,
    );
    const gone = await mine.owner.api.post(`${invoicesUrl(mine.id)}/${next._id}/delete`, {});
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect((await mine.owner.api.get(`${notesUrl()}/${note._id}`)).body.refunded).toBe(0);
  });

  it("keeps the credit's payment through a save of the later invoice's paid fields", async () => {
    const { note } = await paidAndCredited('2026-07-22');
    const next = await later(100);
    expect((await mine.owner.api.post(applyUrl(note._id), { invoiceId: next._id })).status).toBe(
      200,
    );
    const saved = (await mine.owner.api.get(`${invoicesUrl(mine.id)}/${next._id}`)).body;
    // The same save with another method: the credit's payment stays, the note still kept it.
    const again = await mine.owner.api.post(invoicesUrl(mine.id), {
      ...saved,
      methodPaid: 'EFT',
      datePaid: '2026-08-03',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await mine.owner.api.get(`${notesUrl()}/${note._id}`)).body.refunded).toBe(100);
    // Less than the credit paid is refused, naming the field.
    const less = await mine.owner.api.post(invoicesUrl(mine.id), {
      ...saved,
      amountPaid: 50,
      paid: false,
    });
    expect(less.status).toBe(400);
    expect(JSON.stringify(less.body)).toContain("paid by a credit note's credit");
    expect((await mine.owner.api.get(`${notesUrl()}/${note._id}`)).body.refunded).toBe(100);
  });

  it('gives back no more than the client truly paid, and never on a later day than today', async () => {
    const { inv, note } = await paidAndCredited('2026-07-23');
    const future = await mine.owner.api.post(refundsUrl(note._id), {
      amount: 1,
      date: '2999-01-01',
    });
    expect(future.status).toBe(400);
    expect(JSON.stringify(future.body)).toContain('must not be after today');
    // The invoice's payment was a mistake and comes off: the note owes nothing back now.
    const pays = (await mine.owner.api.get(`${invoicesUrl(mine.id)}/${inv._id}/payments`)).body
      .payments as { _id: string }[];
    expect(
      (
        await mine.owner.api.post(
          `${invoicesUrl(mine.id)}/${inv._id}/payments/${pays[0]!._id}/delete`,
          {},
        )
      ).status,
    ).toBe(200);
    const refused = await mine.owner.api.post(refundsUrl(note._id), { amount: 1 });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('owes the client nothing');
  });

  it("refuses another client's invoice, a quote, and other companies and members", async () => {
    const { note } = await paidAndCredited('2026-07-21');
    const someoneElse = await buildClient(mine.owner.api, mine.id, { name: 'Pieter' });
    const theirs = await saveAndGet(mine.owner.api, mine.id, doc(someoneElse));
    const wrong = await mine.owner.api.post(applyUrl(note._id), { invoiceId: theirs._id });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("is not an invoice of the note's client");
    const quote = await saveAndGet(mine.owner.api, mine.id, doc(client, { isQuote: true }));
    expect((await mine.owner.api.post(applyUrl(note._id), { invoiceId: quote._id })).status).toBe(
      400,
    );
    expect((await mine.owner.api.post(applyUrl(note._id), { invoiceId: 'nope' })).status).toBe(400);
    expect((await mine.owner.api.post(applyUrl(note._id), {})).status).toBe(400);
    const other = await buildCompany(h);
    expect(
      (await other.owner.api.post(applyUrl(note._id, other.id), { invoiceId: quote._id })).status,
    ).toBe(404);
    expect(
      (await other.owner.api.get(`${notesUrl(other.id)}/${note._id}/open-invoices`)).status,
    ).toBe(404);
    const reader = await buildMember(h, mine.id, { invoices: { r: true } });
    expect((await reader.api.post(applyUrl(note._id), { invoiceId: quote._id })).status).toBe(403);
    expect((await anonymous(h).post(applyUrl(note._id), { invoiceId: quote._id })).status).toBe(
      401,
    );
  });
});

describe("the company's credit notes", () => {
  it('lists them newest first within the dates, with the client, and refuses a period back to front', async () => {
    const a = await paidAndCredited('2025-01-10', 'First');
    const b = await paidAndCredited('2025-02-10', 'Second');
    const all = await mine.owner.api.get(notesUrl());
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const numbers = all.body.notes.map((n: { number: string }) => n.number);
    expect(numbers.indexOf(b.note.number)).toBeLessThan(numbers.indexOf(a.note.number));
    expect(all.body.more).toBe(false);
    const jan = await mine.owner.api.get(`${notesUrl()}?from=2025-01-01&to=2025-01-31`);
    expect(jan.body.notes).toEqual([
      expect.objectContaining({
        number: a.note.number,
        reason: 'First',
        clientName: expect.stringContaining('Thandi'),
        invoiceNumber: a.inv.invoiceNumber,
      }),
    ]);
    const backwards = await mine.owner.api.get(`${notesUrl()}?from=2025-02-01&to=2025-01-01`);
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('from');
    const badDate = await mine.owner.api.get(`${notesUrl()}?to=31-01-2025`);
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.body)).toContain('to');
    const other = await buildCompany(h);
    expect((await other.owner.api.get(notesUrl(other.id))).body).toEqual({
      notes: [],
      more: false,
    });
    expect((await anonymous(h).get(notesUrl())).status).toBe(401);
    const noInvoices = await buildMember(h, mine.id, { clients: { r: true } });
    expect((await noInvoices.api.get(notesUrl())).status).toBe(403);
  });
});

describe('a credit note by e-mail', () => {
  it("drafts to the invoice's address, sends the PDF, and the mail is the original", async () => {
    const { note } = await paidAndCredited('2026-07-01');
    const mailUrl = `${notesUrl()}/${note._id}/email`;
    const draft = await mine.owner.api.get(mailUrl);
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body).toMatchObject({
      to: ['accounts@example.test'],
      subject: `Credit note ${note.number} from Acme Plumbing`,
      companyEmail: 'office@acme.test',
    });
    const sent = await mine.owner.api.post(mailUrl, {
      to: ['accounts@example.test'],
      subject: draft.body.subject,
      message: draft.body.message,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ message: MSG.sent });
    const mails = h.mail.mails.filter((m) => m.headers['x-fieldbook-credit-note'] === note._id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments).toEqual([
      expect.objectContaining({ filename: `${note.number}.pdf`, contentType: 'application/pdf' }),
    ]);
    // The mail was the first print: a download now is a copy.
    const pdf = await mine.owner.api.get(`${notesUrl()}/${note._id}/download`);
    expect(pdf.headers['content-disposition']).toContain(`${note.number} copy.pdf`);

    const other = await buildCompany(h);
    const theirs = `${notesUrl(other.id)}/${note._id}/email`;
    expect((await other.owner.api.get(theirs)).status).toBe(404);
    expect(
      (await other.owner.api.post(theirs, { to: ['x@example.test'], subject: 's', message: 'm' }))
        .status,
    ).toBe(404);
    const reader = await buildMember(h, mine.id, { invoices: { r: true } });
    expect((await reader.api.get(mailUrl)).status).toBe(200);
    expect(
      (await reader.api.post(mailUrl, { to: ['x@example.test'], subject: 's', message: 'm' }))
        .status,
    ).toBe(403);
  });
});
