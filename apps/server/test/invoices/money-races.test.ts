import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, invoicesUrl, saveAndGet, vat } from '../support/invoices-helpers.js';

/**
 * Payments and credit notes at the same moment (docs/payments.md): both take the invoice's row
 * lock, so however they interleave, nothing is paid or credited beyond what the invoice
 * carries. On PostgreSQL (TEST_DATABASE_URL) the requests truly overlap; on PGlite they queue.
 */
let h: Harness;
let mine: { id: string; owner: TestUser };
let client: string;

beforeAll(async () => {
  h = await startHarness();
  mine = await buildCompany(h);
  client = await buildClient(mine.owner.api, mine.id, { name: 'Race', surname: 'Client' });
});
afterAll(() => h.close());

const cents = (x: number) => Math.round(x * 100);

describe('two payments and a credit note at once', () => {
  it('never pay or credit more than the invoice carries (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const inv = await saveAndGet(
        mine.owner.api,
        mine.id,
        doc(client, { tax: vat({ hasTax: false }), descriptions: [line({ price: 100 })] }),
      );
      const url = `${invoicesUrl(mine.id)}/${inv._id}`;
      // Each fits alone; together they pass the total: 60 + 30 paid, 40 and 80 credited.
      const answers = await Promise.all([
        mine.owner.api.post(`${url}/payments`, { amount: 60 }),
        mine.owner.api.post(`${url}/credit-notes`, { amount: 40, reason: 'Goodwill' }),
        mine.owner.api.post(`${url}/payments`, { amount: 30 }),
        mine.owner.api.post(`${url}/credit-notes`, { amount: 80, reason: 'Returned' }),
      ]);
      for (const a of answers) expect([200, 400], JSON.stringify(a.body)).toContain(a.status);
      const after = (await mine.owner.api.get(url)).body;
      const notes = (await mine.owner.api.get(`${url}/credit-notes`)).body as {
        total: number;
        applied: number;
        excess: number;
      }[];
      const paid = (await mine.owner.api.get(`${url}/payments`)).body.amountPaid as number;
      const noted = notes.reduce((s, n) => s + cents(n.total), 0);
      const applied = notes.reduce((s, n) => s + cents(n.applied), 0);
      // What was credited never passes the total; what was paid never passes what credits leave.
      expect(noted).toBeLessThanOrEqual(10_000);
      expect(cents(paid) + applied).toBeLessThanOrEqual(10_000);
      expect(cents(after.amountCredited)).toBe(applied);
      expect(cents(after.amountPaid)).toBe(cents(paid));
      expect(cents(after.balance)).toBe(10_000 - cents(paid) - applied);
      // Each note's value is split between the balance it met and what is owed back.
      for (const n of notes) expect(cents(n.applied) + cents(n.excess)).toBe(cents(n.total));
      // Whichever takes the lock first fits, so at least one goes through.
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    }
  }, 120_000);
});
