import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, type ApiClient, type Loose } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, invoicesUrl, save } from '../support/invoices-helpers.js';
import { accountsUrl, cellItems, createAccount, defaults } from '../support/ledger-helpers.js';

// Review of issue 12, finding 5: account deletes, saves and moves at once on
// PostgreSQL (PGlite runs one statement at a time: nothing to race there).
const PG = process.env.TEST_DATABASE_URL;
const ROUNDS = 30;

let h: Harness;
let api: ApiClient;
let cid: string;
let clientId: string;

const tallyOf = () => {
  const t: Record<string, number> = {};
  return {
    t,
    add: (k: string) => (t[k] = (t[k] ?? 0) + 1),
    fiveXX: () => Object.keys(t).filter((k) => /\b5\d\d\b/.test(k)),
  };
};

describe.skipIf(!PG)('ledger races on PostgreSQL', () => {
  beforeAll(async () => {
    h = await startHarness();
    const co = await buildCompany(h);
    api = co.owner.api;
    cid = co.id;
    clientId = await buildClient(api, cid);
    await defaults(api, cid);
  }, 60_000);
  afterAll(() => h?.close());

  it('deleting an account while an invoice naming it is saved', async () => {
    const tally = tallyOf();
    let dangling = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const acc = await createAccount(api, cid, { name: `Tmp ${i}` });
      const [s, d] = await Promise.all([
        save(
          api,
          cid,
          doc(clientId, {
            invoiceDate: '2026-07-07',
            descriptions: [line({ ledgerAccountId: acc })],
          }),
        ),
        api.delete(accountsUrl(cid, `/${acc}`)),
      ]);
      tally.add(`save ${s.status} / delete ${d.status}`);
      if (s.status === 200) {
        const got = (await api.get(`${invoicesUrl(cid)}/${s.body._id}`)).body;
        if (d.status === 200 && got.descriptions[0].ledgerAccountId) dangling++;
      } else expect(s.body.fields).toHaveProperty(['descriptions.0.ledgerAccountId']);
    }
    expect(tally.fiveXX(), JSON.stringify(tally.t)).toEqual([]);
    expect(dangling).toBe(0);
  }, 300_000);

  it('deleting an account while an item is moved into it', async () => {
    const d = await defaults(api, cid);
    const tally = tallyOf();
    for (let i = 0; i < ROUNDS; i++) {
      const acc = await createAccount(api, cid, { name: `Mv ${i}` });
      const r = await save(api, cid, doc(clientId, { invoiceDate: '2026-08-08' }));
      const items = await cellItems(api, cid, '2026-08', d.income._id, true);
      const it0 = items.find((x: Loose) => x.sourceId === r.body._id);
      const [m, del] = await Promise.all([
        api.post(accountsUrl(cid, '/changeItemAccount'), { item: it0!._id, ledgerAccountId: acc }),
        api.delete(accountsUrl(cid, `/${acc}`)),
      ]);
      tally.add(`move ${m.status} / delete ${del.status}`);
      // Whatever the order, the item ends on a live account: the default after the delete.
      const inv = (await api.get(`${invoicesUrl(cid)}/${r.body._id}`)).body;
      expect(inv.descriptions[0].ledgerAccountId ?? null).toBeNull();
      const after = await cellItems(api, cid, '2026-08', d.income._id, true);
      expect(after.map((x: Loose) => x.sourceId)).toContain(r.body._id);
    }
    expect(tally.fiveXX(), JSON.stringify(tally.t)).toEqual([]);
  }, 300_000);

  it('moving an item while its invoice is saved with its lines reordered', async () => {
    const d = await defaults(api, cid);
    const acc = await createAccount(api, cid, { name: 'Target' });
    const tally = tallyOf();
    let misdirected = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const r = await save(
        api,
        cid,
        doc(clientId, {
          invoiceDate: '2026-09-09',
          descriptions: [
            line({ description: `A${i}`, price: 10 }),
            line({ description: `B${i}`, price: 20 }),
          ],
        }),
      );
      const got = (await api.get(`${invoicesUrl(cid)}/${r.body._id}`)).body;
      const items = await cellItems(api, cid, '2026-09', d.income._id, true);
      const a = items.find((x: Loose) => x.description === `A${i}`);
      const [m, s] = await Promise.all([
        api.post(accountsUrl(cid, '/changeItemAccount'), { item: a!._id, ledgerAccountId: acc }),
        save(api, cid, { ...got, descriptions: [got.descriptions[1], got.descriptions[0]] }),
      ]);
      tally.add(`move ${m.status} / save ${s.status}`);
      const after = (await api.get(`${invoicesUrl(cid)}/${r.body._id}`)).body;
      const bLine = after.descriptions.find((l: Loose) => l.description === `B${i}`);
      if (bLine.ledgerAccountId === acc) misdirected++;
      // The items agree with the lines: each line's item is on the line's account.
      const onTarget = (await cellItems(api, cid, '2026-09', acc, true)).filter(
        (x: Loose) => x.sourceId === r.body._id,
      );
      const named = after.descriptions.filter((l: Loose) => l.ledgerAccountId === acc);
      expect(onTarget.map((x: Loose) => x.description)).toEqual(
        named.map((l: Loose) => l.description),
      );
    }
    expect(tally.fiveXX(), JSON.stringify(tally.t)).toEqual([]);
    expect(misdirected).toBe(0);
  }, 300_000);
});
