import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueRecurring } from '../../src/areas/recurring/index.js';
import { buildCompany } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import {
  accountsUrl,
  cents,
  createAccount,
  defaults,
  statement,
} from '../support/ledger-helpers.js';

/** Recurring items and the ledger: accounts checked on save, runs counted, deletes forgotten. */

let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
let other: Awaited<ReturnType<typeof buildCompany>>;
let clientId: string;
const url = (rest: string) => `/api/companies/${co.id}/recurring/${rest}`;
/** Noon in Johannesburg (the company's zone) of a date. */
const at = (ymd: string) => new Date(`${ymd}T10:00:00Z`);

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  other = await buildCompany(h);
  clientId = await buildClient(co.owner.api, co.id);
});
afterAll(() => h.close());

describe('recurring items and ledger accounts', () => {
  it("refuses another company's account on a line or an expense, naming the field", async () => {
    const foreign = await createAccount(other.owner.api, other.id, { name: 'Theirs' });
    const inv = await co.owner.api.post(url('invoices'), {
      startDate: '2033-01-01',
      recurringType: 'month',
      entityId: clientId,
      descriptions: [
        line({ description: 'Fine', price: 10 }),
        line({ description: 'Foreign', price: 10, ledgerAccountId: foreign }),
      ],
    });
    expect(inv.status).toBe(400);
    expect(inv.body.fields).toHaveProperty(['descriptions.1.ledgerAccountId']);
    const exp = await co.owner.api.post(url('expenses'), {
      startDate: '2033-01-01',
      recurringType: 'month',
      description: 'Rent',
      price: 100,
      ledgerAccountId: foreign,
    });
    expect(exp.status).toBe(400);
    expect(exp.body.fields).toHaveProperty('ledgerAccountId');
  });

  it('counts what runs make in their accounts; a deleted account falls back to the default', async () => {
    const sales = await createAccount(co.owner.api, co.id, { name: 'Chair rent' });
    const rent = await createAccount(co.owner.api, co.id, { name: 'Rent', type: 'indirectCost' });
    const inv = await co.owner.api.post(url('invoices'), {
      startDate: '2034-03-31',
      recurringType: 'month',
      dayOfMonth: 31,
      entityId: clientId,
      descriptions: [line({ description: 'Chair', price: 900, ledgerAccountId: sales })],
    });
    expect(inv.status, JSON.stringify(inv.body)).toBe(200);
    const exp = await co.owner.api.post(url('expenses'), {
      startDate: '2034-03-01',
      recurringType: 'month',
      description: 'Shop rent',
      price: 400,
      ledgerAccountId: rent,
    });
    expect(exp.status, JSON.stringify(exp.body)).toBe(200);

    await runDueRecurring(h.deps, at('2034-03-31'));
    let s = await statement(co.owner.api, co.id, '2034-03-01', '2035-02-28');
    expect(cents(s, '2034-03', sales)).toBe(90_000);
    expect(cents(s, '2034-03', rent)).toBe(40_000);

    // The accounts are deleted: the items made move to the defaults, and the next run counts
    // there too instead of failing on an account that is gone.
    for (const id of [sales, rent]) {
      const d = await co.owner.api.delete(accountsUrl(co.id, `/${id}`));
      expect(d.status, JSON.stringify(d.body)).toBe(200);
    }
    const got = await co.owner.api.get(url(`invoices/${inv.body._id}`));
    expect(got.body.descriptions[0].ledgerAccountId).toBeNull();
    const gotExp = await co.owner.api.get(url(`expenses/${exp.body._id}`));
    expect(gotExp.body.ledgerAccountId).toBeNull();

    await runDueRecurring(h.deps, at('2034-04-30'));
    const def = await defaults(co.owner.api, co.id);
    s = await statement(co.owner.api, co.id, '2034-03-01', '2035-02-28');
    expect(cents(s, '2034-04', def.income._id)).toBe(90_000);
    expect(cents(s, '2034-04', def.cost._id)).toBe(40_000);
    // And the items still save unchanged.
    const again = await co.owner.api.post(url('expenses'), { ...gotExp.body, _id: exp.body._id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});
