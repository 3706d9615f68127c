import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vatTax } from '@fieldbook/core';
import { anonymous, buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, invoicesUrl, saveAndGet, setCompany, vat } from '../support/invoices-helpers.js';
import { pdfText, pdfTitle } from '../support/pdf-text.js';

/** The credit note's PDF (VAT Act s21(3)(a), docs/payments.md). */
let h: Harness;
let mine: { id: string; owner: TestUser };
let client: string;

beforeAll(async () => {
  h = await startHarness();
  mine = await buildCompany(h);
  await setCompany(mine.owner.api, mine.id, {
    companyName: 'Dlamini Plumbing',
    tax: vatTax({ taxNumber: '4220123456' }),
    address: '14 Long Street\nCape Town 8001',
  });
  client = await buildClient(mine.owner.api, mine.id, {
    name: 'Sipho',
    surname: 'Nkosi',
    address: '3 Oak Road\nDurban 4001',
  });
});
afterAll(() => h.close());

const download = (api: TestUser['api'], id: string, cid = mine.id) =>
  api.get(`/api/companies/${cid}/credit-notes/${id}/download`);

describe('the credit note PDF', () => {
  it('says what the VAT Act asks, and marks every print after the first "Copy"', async () => {
    const inv = await saveAndGet(
      mine.owner.api,
      mine.id,
      doc(client, {
        tax: vat(),
        descriptions: [
          line({ description: 'Geyser valve', qty: 2, price: 100 }),
          line({ price: 50 }),
        ],
      }),
    );
    const note = await mine.owner.api.post(`${invoicesUrl(mine.id)}/${inv._id}/credit-notes`, {
      lines: [0],
      reason: 'Valve returned unused',
      date: '2026-11-10',
    });
    expect(note.status, JSON.stringify(note.body)).toBe(200);

    const first = await download(mine.owner.api, note.body._id);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(String(first.headers['content-disposition'])).toContain(`${note.body.number}.pdf`);
    const text = await pdfText(first.body as Buffer);
    for (const words of [
      'TAX CREDIT NOTE', // the heading, in capitals as the shipped style prints headings
      'Dlamini Plumbing',
      '14 Long Street',
      '4220123456',
      'Sipho Nkosi',
      '3 Oak Road',
      note.body.number,
      '2026-11-10',
      inv.invoiceNumber,
      inv.invoiceDate,
      'Geyser valve',
      'R200.00', // the value reduced, excluding VAT
      'R30.00', // the VAT on it
      'R230.00',
      'Valve returned unused',
    ])
      expect(text, words).toContain(words);
    expect(text).not.toContain('COPY');
    expect(await pdfTitle(first.body as Buffer)).toBe(`Credit note ${note.body.number}`);

    const again = await download(mine.owner.api, note.body._id);
    expect(await pdfText(again.body as Buffer)).toContain('COPY');
    expect(String(again.headers['content-disposition'])).toContain('copy.pdf');
  });

  it('is 404 for another company, 401 without a token, 403 without invoices.r', async () => {
    const inv = await saveAndGet(mine.owner.api, mine.id, doc(client, { tax: vat() }));
    const note = await mine.owner.api.post(`${invoicesUrl(mine.id)}/${inv._id}/credit-notes`, {
      amount: 5,
      reason: 'x',
    });
    const other = await buildCompany(h);
    expect((await download(other.owner.api, note.body._id, other.id)).status).toBe(404);
    expect((await download(anonymous(h), note.body._id)).status).toBe(401);
    const none = await buildMember(h, mine.id, { clients: { r: true } });
    expect((await download(none.api, note.body._id)).status).toBe(403);
  });
});
