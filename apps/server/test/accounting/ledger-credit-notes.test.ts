import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillAccountItems } from '../../src/areas/accounting/index.js';
import { accountItems, creditNotes } from '../../src/db/schema/index.js';
import { buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, invoicesUrl, saveAndGet, vat } from '../support/invoices-helpers.js';
import {
  accountsUrl,
  cellItems,
  cents,
  createAccount,
  defaults,
  statement,
} from '../support/ledger-helpers.js';

/**
 * Credit notes in the ledger (docs/accounting.md, "Credit notes"): each note takes its revenue
 * off the accounts its invoice's lines count on, in the month of the note's date, and its VAT is
 * the VAT201's field 18.
 */
let h: Harness;
let co: { id: string; owner: TestUser };
let client: string;
let labour: string;

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  client = await buildClient(co.owner.api, co.id, { name: 'Sipho', surname: 'Dube' });
  labour = await createAccount(co.owner.api, co.id, { name: 'Labour', account: '1100' });
});
afterAll(() => h.close());

/** Parts R200 on Sales (default), labour R100 on Labour; VAT 15 % exclusive: R345. */
const invoice = () =>
  saveAndGet(
    co.owner.api,
    co.id,
    doc(client, {
      invoiceDate: '2026-03-05',
      tax: vat(),
      descriptions: [
        line({ description: 'Geyser valve', qty: 2, price: 100 }),
        line({ description: 'Labour', price: 100, ledgerAccountId: labour }),
      ],
    }),
  );
const credit = async (id: string, body: Record<string, unknown>) => {
  const r = await co.owner.api.post(`${invoicesUrl(co.id)}/${id}/credit-notes`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { _id: string; number: string };
};
const vatOf = async (from: string, to: string) =>
  (await co.owner.api.get(accountsUrl(co.id, `/vat?from=${from}&to=${to}&type=1`))).body;

describe('credit notes in the income statement', () => {
  it('takes a credited line off its account in the month of the note', async () => {
    const inv = await invoice();
    const d = await defaults(co.owner.api, co.id);
    const note = await credit(inv._id, { lines: [1], reason: 'Labour redone', date: '2026-04-02' });

    // March keeps the invoice; April carries the note, on Labour only.
    const s = await statement(co.owner.api, co.id, '2026-03-01', '2026-04-30');
    expect(cents(s, '2026-03', d.income._id)).toBe(20000);
    expect(cents(s, '2026-03', labour)).toBe(10000);
    expect(cents(s, '2026-04', labour)).toBe(-10000);
    expect(cents(s, '2026-04', d.income._id)).toBe(0);

    // The cell lists the note's part, to open the invoice it corrects.
    const items = await cellItems(co.owner.api, co.id, '2026-04', labour, true);
    expect(items).toEqual([
      expect.objectContaining({
        sourceKind: 'credit',
        sourceId: note._id,
        invoiceId: inv._id,
        invoiceNumber: note.number,
        invoiceDate: '2026-04-02',
        description: 'Labour',
        amount: -100,
      }),
    ]);
  });

  it('shares a credit of an amount over the lines by their items, to the cent', async () => {
    const inv = await invoice();
    const d = await defaults(co.owner.api, co.id);
    // R100 of R345: VAT 45 × 100 / 345 = 13.04, revenue 86.96, shared 2 : 1 over the
    // R200 and R100 items: 57.973… and 28.986…, to cents by the largest remainder 57.97 and 28.99.
    await credit(inv._id, { amount: 100, reason: 'Goodwill', date: '2026-05-20' });
    const s = await statement(co.owner.api, co.id, '2026-05-01', '2026-05-31');
    expect(cents(s, '2026-05', d.income._id)).toBe(-5797);
    expect(cents(s, '2026-05', labour)).toBe(-2899);
    const v = await vatOf('2026-05-01', '2026-05-31');
    expect(v).toMatchObject({ creditNotes: 1, invoices: 0, outputVat: 0 });
    expect(v.fields).toMatchObject({ field18: 13.04, field19: 13.04, field20: -13.04 });
  });

  it('gives the VAT of the period notes as field 18, against the output tax', async () => {
    const inv = await saveAndGet(
      co.owner.api,
      co.id,
      doc(client, {
        invoiceDate: '2026-06-03',
        tax: vat(),
        descriptions: [line({ description: 'Rewire', price: 1000 })],
      }),
    );
    await credit(inv._id, { lines: [0], reason: 'Cancelled', date: '2026-06-30' });
    const v = await vatOf('2026-06-01', '2026-06-30');
    expect(v).toMatchObject({ invoices: 1, creditNotes: 1, outputVat: 150, inputVat: 150 });
    expect(v.fields).toMatchObject({ field4: 150, field18: 150, field19: 150, field20: 0 });
  });

  it('moves a note part alone, with invoices u; the invoice stays as it is', async () => {
    const inv = await invoice();
    const d = await defaults(co.owner.api, co.id);
    await credit(inv._id, { lines: [0], reason: 'Wrong valve', date: '2026-07-07' });
    const [part] = await cellItems(co.owner.api, co.id, '2026-07', d.income._id, true);
    expect(part).toMatchObject({ sourceKind: 'credit', amount: -200 });

    const reader = await buildMember(h, co.id, { invoices: { c: true, r: true } });
    const move = (api: typeof co.owner.api) =>
      api.post(accountsUrl(co.id, '/changeItemAccount'), {
        item: part!._id,
        ledgerAccountId: labour,
      });
    expect((await move(reader.api)).status).toBe(403);
    const ok = await move(co.owner.api);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const s = await statement(co.owner.api, co.id, '2026-07-01', '2026-07-31');
    expect(cents(s, '2026-07', labour)).toBe(-20000);
    const after = (await co.owner.api.get(`${invoicesUrl(co.id)}/${inv._id}`)).body;
    expect(after.descriptions[0].ledgerAccountId ?? null).toBeNull();
  });

  it('the backfill makes the items of notes issued before the ledger counted them', async () => {
    const inv = await invoice();
    const note = await credit(inv._id, {
      lines: [0, 1],
      reason: 'All returned',
      date: '2026-08-08',
    });
    const db = h.deps.database.db;
    const mine = and(eq(accountItems.sourceKind, 'credit'), eq(accountItems.sourceId, note._id));
    const before = await db.select().from(accountItems).where(mine);
    expect(before.map((i) => Number(i.amount)).sort((a, b) => a - b)).toEqual([-200, -100]);

    // As issued before the ledger counted notes, and before their lines' places were kept:
    // the parts are shared over every line by its item, which here is the same.
    await db.delete(accountItems).where(mine);
    await db
      .update(creditNotes)
      .set({
        lines: [
          { description: 'Geyser valve', qty: 2, price: 100 },
          { description: 'Labour', qty: 1, price: 100 },
        ],
      })
      .where(eq(creditNotes.id, note._id));
    const first = await backfillAccountItems(h.deps, { batch: 1 });
    expect(first.creditNotes).toBe(1);
    expect(await backfillAccountItems(h.deps)).toEqual({
      invoices: 0,
      expenses: 0,
      creditNotes: 0,
    });
    const after = await db.select().from(accountItems).where(mine);
    expect(after.map((i) => [i.lineIndex, i.ledgerAccountId, Number(i.amount)]).sort()).toEqual(
      before.map((i) => [i.lineIndex, i.ledgerAccountId, Number(i.amount)]).sort(),
    );
  });
});
