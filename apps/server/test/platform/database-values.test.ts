import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/rows.js';
import { freshDatabase } from '../support/harness.js';

/**
 * Values written straight into a `sql` template, not through a column, reach
 * the database as the repos expect on both databases: a Date as its instant, an
 * object as its JSON (what node-postgres does; drizzle's postgres.js driver
 * sends neither, docs/performance.md, "Platform: authenticated read").
 */
let d: Database;
beforeAll(async () => {
  d = await freshDatabase();
});
afterAll(() => d.close());

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await d.db.execute(q))[0]!;

describe('a value in a sql template', () => {
  it('sends a Date as its instant, compared with a timestamp column', async () => {
    const at = new Date('2026-11-03T19:24:47.237Z');
    const r = await one<{ same: boolean; later: boolean }>(
      sql`select ${at}::timestamptz = '2026-11-03T19:24:47.237Z'::timestamptz as same,
                 now() >= ${at} as later`,
    );
    expect(r).toEqual({ same: true, later: true });
  });

  it('sends a Date to a date as its day', async () => {
    const r = await one<{ day: string }>(
      sql`select to_char(${new Date('2026-02-28T10:00:00Z')}::date, 'YYYY-MM-DD') as day`,
    );
    expect(r.day).toBe('2026-02-28');
  });

  it('sends an object as its JSON and a JSON text unchanged', async () => {
    const r = await one<{ a: string; b: string }>(
      sql`select (${{ a: 'R 1,00' }}::jsonb)->>'a' as a, (${'{"b":"x"}'}::jsonb)->>'b' as b`,
    );
    expect(r).toEqual({ a: 'R 1,00', b: 'x' });
  });

  it('answers the rows of a raw query as a list', async () => {
    const rows = rowsOf<{ n: number }>(
      await d.db.execute(sql`select generate_series(1, 3)::int as n`),
    );
    expect(rows.map((x) => x.n)).toEqual([1, 2, 3]);
  });
});
