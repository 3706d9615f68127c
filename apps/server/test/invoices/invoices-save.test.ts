import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LINE_DESCRIPTION_MESSAGE,
  LINE_PRICE_QTY_MESSAGE,
  computeTotals,
  todayIn,
} from '@fieldbook/core';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import {
  counts,
  doc,
  invoicesUrl,
  outstanding,
  save,
  saveAndGet,
  setCompany,
  vat,
} from '../support/invoices-helpers.js';

let h: Harness;
let mine: { id: string; owner: TestUser };
let theirs: { id: string; owner: TestUser };
let client: string;
let foreignClient: string;
let foreignTemplate: string;

beforeAll(async () => {
  h = await startHarness();
  mine = await buildCompany(h);
  theirs = await buildCompany(h);
  client = await buildClient(mine.owner.api, mine.id);
  foreignClient = await buildClient(theirs.owner.api, theirs.id);
  const t = await theirs.owner.api.post(`/api/companies/${theirs.id}/invoiceTemplate`, {
    invoiceTemplateName: 'Theirs',
    template: '<p>{{invoice.number}}</p>',
  });
  expect(t.status).toBe(200);
  foreignTemplate = t.body._id;
});
afterAll(() => h.close());

// DECISIONS §3 worked example: 3 × 100 taxed, 1 × 50 untaxed, 10 % discount, VAT 15 %.
const example = [line({ qty: 3, price: 100 }), line({ qty: 1, price: 50, hasTax: false })];
const tenPercent = { hasDiscount: true, discountType: 'Percentage' as const, discountValue: 10 };

describe('totals', () => {
  it('stores and returns the worked example, exclusive and inclusive, as core computes it', async () => {
    const ex = await saveAndGet(
      mine.owner.api,
      mine.id,
      doc(client, { descriptions: example, discount: tenPercent, tax: vat() }),
    );
    const expected = { subtotal: 350, discount: 35, net: 315, tax1: 40.5, tax2: 0, total: 355.5 };
    expect(ex.totals).toEqual(expected);
    expect(ex.balance).toBe(355.5);
    expect(computeTotals({ descriptions: example, discount: tenPercent, tax: vat() })).toEqual(
      expected,
    );

    const inc = await saveAndGet(
      mine.owner.api,
      mine.id,
      doc(client, { descriptions: example, discount: tenPercent, tax: vat({ inc1: true }) }),
    );
    expect(inc.totals).toEqual({ ...expected, tax1: 35.22, total: 315 });
    expect(inc.balance).toBe(315);
  });

  it('ignores totals sent by the browser and recomputes them on update', async () => {
    const first = await saveAndGet(mine.owner.api, mine.id, doc(client, { tax: vat() }));
    const again = await saveAndGet(mine.owner.api, mine.id, {
      ...first,
      descriptions: [line({ qty: 2.5, price: 10.01 })],
      totals: { subtotal: 1, discount: 0, net: 1, tax1: 0, tax2: 0, total: 1 },
      balance: 1,
      client: { name: 'x', surname: 'y' },
    });
    expect(again._id).toBe(first._id);
    // 2.5 × 10.01 = 25.025 → 25.03 (half away from zero); VAT 15 % exclusive 3.75 (3.7545).
    expect(again.totals).toEqual({
      subtotal: 25.03,
      discount: 0,
      net: 25.03,
      tax1: 3.75,
      tax2: 0,
      total: 28.78,
    });
  });

  it("copies the company's tax onto a new document unless one is given, and keeps the document's own copy", async () => {
    const companyTax = vat({ tV: 14, inc1: true, taxNumber: '4000' });
    await setCompany(mine.owner.api, mine.id, { tax: companyTax });
    const d = await saveAndGet(mine.owner.api, mine.id, doc(client));
    expect(d.tax).toEqual(companyTax);
    const own = await saveAndGet(mine.owner.api, mine.id, doc(client, { tax: vat() }));
    expect(own.tax).toEqual(vat());
    // A later change to the company leaves saved documents as they were.
    await setCompany(mine.owner.api, mine.id, { tax: vat({ hasTax: false }) });
    const { tax: _t, ...rest } = d;
    const resaved = await saveAndGet(mine.owner.api, mine.id, rest);
    expect(resaved.tax).toEqual(companyTax);
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>, string, string?][] = [
    ['a client of another company', { entityId: 'FOREIGN' }, 'entityId'],
    ['an unknown client', { entityId: '00000000-0000-4000-8000-000000000000' }, 'entityId'],
    ['a client id that is no uuid', { entityId: 'abc' }, 'entityId'],
    ['a negative quantity', { descriptions: [line({ qty: -1 })] }, 'descriptions.0.qty'],
    ['a negative price', { descriptions: [line({ price: -5 })] }, 'descriptions.0.price'],
    [
      'a discount larger than the subtotal',
      { discount: { hasDiscount: true, discountType: 'Amount', discountValue: 100.01 } },
      'discount.discountValue',
      'must not be more than the subtotal',
    ],
    [
      'a percentage above 100',
      { discount: { hasDiscount: true, discountType: 'percent', discountValue: 101 } },
      'discount.discountValue',
      'must not be more than 100',
    ],
    [
      'an unknown discount type',
      { discount: { hasDiscount: true, discountType: 'Bogus', discountValue: 1 } },
      'discount.discountType',
    ],
    ['a malformed date', { invoiceDate: '2026-13-01' }, 'invoiceDate'],
    ['a date that is no date', { dueDate: 'tomorrow' }, 'dueDate'],
    ['a malformed payment date', { paid: true, datePaid: '02/11/2026' }, 'datePaid'],
    [
      'a line without a description',
      { descriptions: [line(), { qty: 1, price: 5 }] },
      'descriptions.1.description',
      LINE_DESCRIPTION_MESSAGE,
    ],
    [
      'a line with an empty description',
      { descriptions: [line({ description: ' ' })] },
      'descriptions.0.description',
      LINE_DESCRIPTION_MESSAGE,
    ],
    [
      'a line without a price',
      { descriptions: [{ description: 'Call-out', qty: 1 }] },
      'descriptions.0.price',
      LINE_PRICE_QTY_MESSAGE,
    ],
    [
      'a line whose item is not ours',
      { descriptions: [line({ itemId: '00000000-0000-4000-8000-000000000000' })] },
      'descriptions.0.itemId',
    ],
    ['a known field of the wrong type', { paid: 'yes' }, 'paid'],
    [
      'an unknown template',
      { invoiceTemplateId: '00000000-0000-4000-8000-000000000000' },
      'invoiceTemplateId',
      'is not one of your invoice templates',
    ],
    [
      "another company's template",
      { invoiceTemplateId: 'FOREIGN_TEMPLATE' },
      'invoiceTemplateId',
      'is not one of your invoice templates',
    ],
  ];

  it.each(cases)(
    'refuses %s: a 400 naming the field, nothing written',
    async (_, over, field, msg) => {
      const body = doc(client, {
        descriptions: [line({ save: true, saveClientPrice: true, description: 'Never saved' })],
        ...over,
      } as never);
      if (body.entityId === 'FOREIGN') body.entityId = foreignClient;
      if (body.invoiceTemplateId === 'FOREIGN_TEMPLATE') body.invoiceTemplateId = foreignTemplate;
      const before = await counts(h, mine.id);
      const r = await save(mine.owner.api, mine.id, body);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(Object.keys(r.body.fields)).toContain(field);
      if (msg) expect(r.body.fields[field]).toBe(msg);
      expect(r.body.error).toEqual(expect.any(String));
      expect(await counts(h, mine.id)).toEqual(before);
    },
  );

  it('refuses a bad update without touching the stored document', async () => {
    const d = await saveAndGet(mine.owner.api, mine.id, doc(client));
    const before = await counts(h, mine.id);
    const r = await save(mine.owner.api, mine.id, {
      ...d,
      notes: 'changed',
      discount: { hasDiscount: true, discountType: 'Amount', discountValue: 1000 },
    });
    expect(r.status).toBe(400);
    expect(await counts(h, mine.id)).toEqual(before);
    const again = await mine.owner.api.get(`${invoicesUrl(mine.id)}/${d._id}`);
    expect(again.body.notes).toBe(d.notes);
  });

  it('accepts a discount of exactly the subtotal and exactly 100 %', async () => {
    for (const discount of [
      { hasDiscount: true, discountType: 'Amount' as const, discountValue: 100 },
      { hasDiscount: true, discountType: 'Percentage' as const, discountValue: 100 },
    ]) {
      const d = await saveAndGet(mine.owner.api, mine.id, doc(client, { discount, tax: vat() }));
      expect(d.totals).toMatchObject({ discount: 100, net: 0, total: 0 });
    }
  });
});

describe('paid and unpaid', () => {
  it('marks paid with today and the total by default, clears both when unticked', async () => {
    const fresh = await buildClient(mine.owner.api, mine.id);
    const d = await saveAndGet(mine.owner.api, mine.id, doc(fresh, { tax: vat() }));
    expect(d).toMatchObject({ paid: false, datePaid: null, amountPaid: 0, balance: 115 });
    expect(await outstanding(h, fresh)).toBe(115);

    const paid = await saveAndGet(mine.owner.api, mine.id, { ...d, paid: true, amountPaid: 0 });
    expect(paid).toMatchObject({ paid: true, amountPaid: 115, balance: 0 });
    expect(paid.datePaid).toBe(todayIn('Africa/Johannesburg'));
    expect(await outstanding(h, fresh)).toBe(0);

    const partial = await saveAndGet(mine.owner.api, mine.id, {
      ...paid,
      amountPaid: 50,
      datePaid: '2026-11-20T23:30:00Z', // already the 21st in Johannesburg
      methodPaid: 'EFT',
    });
    // Paid when the balance is nil (DECISIONS §16): 50 of 115 is a part payment.
    expect(partial).toMatchObject({
      paid: false,
      amountPaid: 50,
      datePaid: '2026-11-21',
      balance: 65,
    });
    expect(await outstanding(h, fresh)).toBe(65);
    // Posted back as loaded (a form saving its lines), the part payment stays.
    const kept = await saveAndGet(mine.owner.api, mine.id, { ...partial, notes: 'kept' });
    expect(kept).toMatchObject({ paid: false, amountPaid: 50, datePaid: '2026-11-21' });

    const unpaid = await saveAndGet(mine.owner.api, mine.id, {
      ...partial,
      paid: false,
      amountPaid: 0,
    });
    expect(unpaid).toMatchObject({ paid: false, datePaid: null, amountPaid: 0, balance: 115 });
    expect(await outstanding(h, fresh)).toBe(115);
  });

  it("keeps each client's outstanding: quotes excluded, moves between clients, deletes", async () => {
    const a = await buildClient(mine.owner.api, mine.id);
    const b = await buildClient(mine.owner.api, mine.id);
    const inv = await saveAndGet(mine.owner.api, mine.id, doc(a, { tax: vat({ hasTax: false }) }));
    await saveAndGet(
      mine.owner.api,
      mine.id,
      doc(a, { isQuote: true, descriptions: [line({ price: 999 })] }),
    );
    expect(await outstanding(h, a)).toBe(100);
    await saveAndGet(mine.owner.api, mine.id, { ...inv, entityId: b });
    expect([await outstanding(h, a), await outstanding(h, b)]).toEqual([0, 100]);
    const del = await mine.owner.api.post(`${invoicesUrl(mine.id)}/${inv._id}/delete`);
    expect(del.body).toEqual({ message: 'Deleted' });
    expect(await outstanding(h, b)).toBe(0);
  });
});
