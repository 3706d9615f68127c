import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeTotals,
  formatMoney,
  vatTax,
  type TDiscount,
  type TLineInput,
  type TTax,
} from '@fieldbook/core';
import { statementPreview } from '../../src/areas/clients/index.js';
import { invoiceDocument, invoicePreview } from '../../src/areas/invoices/index.js';
import { previewHtml } from '../../src/areas/templates/documents.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';
import { pdfText } from '../support/pdf-text.js';

/**
 * The totals of a printed invoice or quote against the invoice screen's
 * totals panel, for every tax mode of tax 1 and tax 2: the same rows, the
 * same labels ("incl.", "(deducted)") and the same signs.
 */

let h: Harness;
let cid: string;
let owner: TestUser;
let clientId: string;

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  await setCompany(owner.api, cid, { tax: vatTax({ taxNumber: '4220123456' }) });
  clientId = await buildClient(owner.api, cid, { name: 'Lindiwe', surname: 'Mokoena' });
});
afterAll(() => h.close());

type Mode = 'off' | 'exclusive' | 'inclusive' | 'deductible';
const MODES: Mode[] = ['off', 'exclusive', 'inclusive', 'deductible'];

function taxOf(m1: Mode, m2: Mode, names = { t1: 'VAT', t2: 'Levy' }): TTax {
  return vatTax({
    hasTax: m1 !== 'off',
    tD: names.t1,
    tV: 15,
    inc1: m1 === 'inclusive',
    duc1: m1 === 'deductible',
    hasSecondTax: m2 !== 'off',
    t2D: names.t2,
    t2V: 2.5,
    inc2: m2 === 'inclusive',
    duc2: m2 === 'deductible',
  });
}

const LINES: TLineInput[] = [
  line({ description: 'Install geyser', qty: 3, price: 1234.56 }),
  line({ description: 'Parts (no VAT)', price: 99.99, hasTax: false }),
  line({ description: 'Permit (no levy)', price: 250, hasSecondTax: false }),
];
const DISCOUNT: TDiscount = { hasDiscount: true, discountType: 'Percentage', discountValue: 5 };

/**
 * The rows of apps/web/src/areas/invoices/totals-panel.tsx (with the discount
 * label of invoice-editor.tsx) down to the total: figures from core's
 * computeTotals, written by formatMoney.
 */
function screenRows(tax: TTax, discount: TDiscount): string[][] {
  const t = computeTotals({ descriptions: LINES, discount, tax });
  const taxRow = (name: string, rate: number, inc: boolean, duc: boolean, amount: number) => [
    `${name || 'Tax'} ${rate}%${duc ? ' (deducted)' : inc ? ' incl.' : ''}`,
    duc ? formatMoney(-amount) : formatMoney(amount),
  ];
  const rows = [['Subtotal', formatMoney(t.subtotal)]];
  if (discount.hasDiscount)
    rows.push([
      discount.discountType === 'Amount' ? 'Discount' : `Discount ${discount.discountValue}%`,
      formatMoney(-t.discount),
    ]);
  if (tax.hasTax) rows.push(taxRow(tax.tD, tax.tV, tax.inc1, tax.duc1, t.tax1));
  if (tax.hasSecondTax) rows.push(taxRow(tax.t2D, tax.t2V, tax.inc2, tax.duc2, t.tax2));
  rows.push(['Total', formatMoney(t.total)]);
  return rows;
}

const decode = (s: string) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** The document's totals table, row by row, down to the total. */
function documentRows(html: string): string[][] {
  const table = /<table class="totals">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  const rows = [...table.matchAll(/<tr[^>]*>\s*<th>([\s\S]*?)<\/th>\s*<td>([\s\S]*?)<\/td>/g)].map(
    (m) => [decode(m[1]!), decode(m[2]!)],
  );
  return rows.slice(0, rows.findIndex(([label]) => label === 'Total') + 1);
}

async function documentOf(tax: TTax, isQuote = false) {
  const inv = await buildInvoice(owner.api, cid, clientId, {
    isQuote,
    descriptions: LINES,
    discount: DISCOUNT,
    tax,
  });
  return { inv, doc: await invoiceDocument(h.deps, cid, inv._id as string) };
}

const COMBINATIONS = MODES.flatMap((m1) => MODES.map((m2) => [m1, m2] as const));

describe('the totals of a printed invoice', () => {
  it.each(COMBINATIONS)('match the screen with tax 1 %s and tax 2 %s', async (m1, m2) => {
    const tax = taxOf(m1, m2);
    const { inv, doc } = await documentOf(tax);
    // The server stored the figures the screen computes.
    expect(inv.totals.total).toBe(
      computeTotals({ descriptions: LINES, discount: DISCOUNT, tax }).total,
    );
    expect(documentRows(doc.html)).toEqual(screenRows(tax, DISCOUNT));
  });

  it('name an unnamed tax as the screen does', async () => {
    const tax = taxOf('deductible', 'inclusive', { t1: '', t2: '' });
    const { doc } = await documentOf(tax);
    const rows = documentRows(doc.html);
    expect(rows).toEqual(screenRows(tax, DISCOUNT));
    expect(rows.map(([label]) => label)).toContain('Tax 15% (deducted)');
    expect(rows.map(([label]) => label)).toContain('Tax 2.5% incl.');
  });

  it('are the same in the PDF: deducted amounts negative', async () => {
    const tax = taxOf('deductible', 'deductible');
    const { inv } = await documentOf(tax);
    const r = await owner.api.get(`/api/companies/${cid}/invoices/${inv._id}/download`);
    expect(r.status).toBe(200);
    const text = (await pdfText(r.body as Buffer)).replace(/\s+/g, ' ');
    const t = computeTotals({ descriptions: LINES, discount: DISCOUNT, tax });
    expect(text).toContain(`VAT 15% (deducted) ${formatMoney(-t.tax1)}`);
    expect(text).toContain(`Levy 2.5% (deducted) ${formatMoney(-t.tax2)}`);
    expect(text).toContain(`Total ${formatMoney(t.total)}`);
  });
});

describe('the totals of a printed quote', () => {
  it.each([
    ['inclusive', 'off', 'VAT included'],
    ['exclusive', 'deductible', 'VAT shown separately, Levy deducted'],
    ['deductible', 'inclusive', 'VAT deducted, Levy included'],
  ] as const)(
    'match the screen with tax 1 %s and tax 2 %s; the footer says so',
    async (m1, m2, says) => {
      const tax = taxOf(m1, m2);
      const { doc } = await documentOf(tax, true);
      expect(doc.html).toContain('<h1>Quotation</h1>');
      expect(documentRows(doc.html)).toEqual(screenRows(tax, DISCOUNT));
      expect(doc.html).toContain(`Prices in rand, ${says}.`);
    },
  );
});

describe('the tax placeholders of a template', () => {
  it.each(COMBINATIONS)('say how tax 1 (%s) and tax 2 (%s) apply', async (m1, m2) => {
    const { inv } = await documentOf(taxOf(m1, m2));
    const html = await previewHtml(
      h.deps,
      cid,
      {
        template:
          '<p id="flags">{{tax.included}}|{{tax.deducted}}|{{tax.secondIncluded}}|{{tax.secondDeducted}}</p>' +
          '<p id="rows">{{totals.tax1Label}}={{totals.tax1Shown}};{{totals.tax2Label}}={{totals.tax2Shown}}</p>',
        type: 'invoice',
        recordId: inv._id as string,
      },
      {
        invoice: (companyId, id, fields) => invoicePreview(h.deps, companyId, id, fields),
        statement: (companyId, id) => statementPreview(h.deps, companyId, id),
      },
    );
    const flags = [
      m1 === 'inclusive',
      m1 === 'deductible',
      m2 === 'inclusive',
      m2 === 'deductible',
    ];
    expect(html).toContain(`<p id="flags">${flags.join('|')}</p>`);
    const screen = screenRows(taxOf(m1, m2), DISCOUNT).filter(
      ([l]) => /%/.test(l!) && !/^Discount/.test(l!),
    );
    const [r1, r2] = [
      m1 === 'off' ? undefined : screen[0],
      m2 === 'off' ? undefined : screen.at(-1),
    ];
    expect(html).toContain(
      `<p id="rows">${r1 ? r1.join('=') : '='};${r2 ? r2.join('=') : '='}</p>`,
    );
  });
});
