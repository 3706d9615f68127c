import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillAccountItems } from '../../src/areas/accounting/index.js';
import { accountItems } from '../../src/db/schema/index.js';
import { buildCompany, type ApiClient, type Loose } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { doc, invoicesUrl, save } from '../support/invoices-helpers.js';
import { cents, defaults, statement } from '../support/ledger-helpers.js';

// Review of issue 12, finding 6: the backfill builds items from what is stored
// when its transaction runs, not from the page it read before.
let h: Harness;
let api: ApiClient;
let cid: string;
let clientId: string;

beforeAll(async () => {
  h = await startHarness();
  const co = await buildCompany(h);
  api = co.owner.api;
  cid = co.id;
  clientId = await buildClient(api, cid);
}, 60_000);
afterAll(() => h?.close());

describe('the backfill racing user edits', () => {
  it('skips an invoice deleted and keeps the lines of one shortened after its page read', async () => {
    const mk = async (n: number) => {
      const r = await save(
        api,
        cid,
        doc(clientId, {
          invoiceDate: '2023-05-06',
          descriptions: Array.from({ length: n }, (_, i) =>
            line({ description: `L${i}`, price: 100 }),
          ),
        }),
      );
      expect(r.status).toBe(200);
      return r.body._id as string;
    };
    const gone = await mk(1);
    const shortened = await mk(3);
    const db = h.deps.database.db;
    // As before the ledger existed: no items.
    await db.delete(accountItems).where(inArray(accountItems.sourceId, [gone, shortened]));

    // The user works after the backfill's page read, before its transaction.
    let hooked = false;
    const wrapped = new Proxy(db, {
      get(t, p) {
        if (p === 'transaction')
          return async (fn: Loose) => {
            if (!hooked) {
              hooked = true;
              expect((await api.post(`${invoicesUrl(cid)}/${gone}/delete`)).status).toBe(200);
              const got = (await api.get(`${invoicesUrl(cid)}/${shortened}`)).body;
              const cut = await save(api, cid, {
                ...got,
                descriptions: got.descriptions.slice(0, 1),
              });
              expect(cut.status).toBe(200);
            }
            return t.transaction(fn);
          };
        const v = Reflect.get(t, p);
        return typeof v === 'function' ? v.bind(t) : v;
      },
    });
    await backfillAccountItems({ database: { ...h.deps.database, db: wrapped } } as Loose);
    expect(hooked).toBe(true);

    const left = await db
      .select()
      .from(accountItems)
      .where(inArray(accountItems.sourceId, [gone, shortened]));
    expect(left.filter((i) => i.sourceId === gone)).toHaveLength(0);
    expect(left.filter((i) => i.sourceId === shortened)).toHaveLength(1);
    const s = await statement(api, cid, '2023-05-01', '2023-05-31');
    const d = await defaults(api, cid);
    expect(cents(s, '2023-05', d.income._id)).toBe(10_000);
  });
});
