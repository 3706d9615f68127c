import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueRecurring } from '../../src/areas/recurring/index.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { buildCompany } from '../support/factories.js';
import { buildClient, line } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

const url = process.env.TEST_DATABASE_URL;
const ITEMS = 12;
const DATES = 40;

/**
 * Several server processes on one PostgreSQL database, each with its own
 * pool, run the scheduler at once: the row lock (SKIP LOCKED) and the unique
 * run key keep every date made exactly once.
 */
describe.runIf(url)('recurring runs from several processes on PostgreSQL', () => {
  let h: Harness;
  const others: Database[] = [];

  beforeAll(async () => {
    h = await startHarness();
    const [{ name }] = rowsOf<{ name: string }>(
      await h.deps.database.db.execute(sql`select current_database() as name`),
    ) as [{ name: string }];
    const u = new URL(url!);
    u.pathname = `/${name}`;
    for (let i = 0; i < 2; i++)
      others.push(await openDatabase({ kind: 'postgres', url: u.toString(), max: 3 }));
  });
  afterAll(async () => {
    for (const d of others) await d.close();
    await h?.close();
  });

  it(`makes each of ${ITEMS * DATES} dates once`, async () => {
    const co = await buildCompany(h);
    const clientId = await buildClient(co.owner.api, co.id);
    for (let i = 0; i < ITEMS; i++) {
      const type = i % 2 ? 'expenses' : 'invoices';
      const r = await co.owner.api.post(`/api/companies/${co.id}/recurring/${type}`, {
        startDate: '2036-01-01',
        recurringType: 'day',
        entityId: clientId,
        descriptions: [line({ price: 10 })],
        description: 'Daily',
        price: 10,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const now = new Date('2036-02-09T12:00:00Z'); // 40 days from the start
    const results = await Promise.all([
      runDueRecurring(h.deps, now),
      ...others.map((database) => runDueRecurring({ database }, now)),
    ]);
    // Again, after all finished: nothing is left.
    const again = await runDueRecurring({ database: others[0]! }, now);
    expect(again.made).toBe(0);
    expect(results.reduce((n, r) => n + r.made, 0)).toBe(ITEMS * DATES);
    const [c] = rowsOf<{ runs: number; keys: number; docs: number; invoices: number }>(
      await h.deps.database.db.execute(sql`
        select count(*)::int as runs,
               count(distinct (recurring_item_id, occurrence_date))::int as keys,
               count(distinct document_id)::int as docs,
               (select count(*)::int from invoices where company_id = ${co.id}) as invoices
          from recurring_runs where company_id = ${co.id}`),
    );
    expect(c).toEqual({
      runs: ITEMS * DATES,
      keys: ITEMS * DATES,
      docs: ITEMS * DATES,
      invoices: (ITEMS / 2) * DATES,
    });
  }, 300_000);
});
