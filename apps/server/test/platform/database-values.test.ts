import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/rows.js';
import { freshDatabase } from '../support/harness.js';

/**
 * What the repos rely on when they write a value straight into a `sql`
 * template rather than through a column (`jobs.repo.ts`, `listRange`): a Date
 * compared with a timestamp is its instant, and JSON text is taken as JSON, on
 * the database the run uses (PGlite, or PostgreSQL through node-postgres).
 * drizzle's postgres.js driver sends a Date as it is and fails on the wire
 * (docs/performance.md, "Platform: authenticated read").
 */
let d: Database;
beforeAll(async () => {
  d = await freshDatabase();
});
afterAll(() => d.close());

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await d.db.execute(q))[0]!;

describe('a value in a sql template', () => {
  it('sends a Date as its instant, compared with a timestamp', async () => {
    const at = new Date('2026-11-03T19:24:47.237Z');
    const r = await one<{ same: boolean; before: boolean }>(
      sql`select ${at}::timestamptz = '2026-11-03T19:24:47.237Z'::timestamptz as same,
                 '2026-11-03T19:24:47.236Z'::timestamptz < ${at} as before`,
    );
    expect(r).toEqual({ same: true, before: true });
  });

  it('takes JSON text as JSON', async () => {
    const r = await one<{ b: string }>(sql`select (${'{"b":"R 1,00"}'}::jsonb)->>'b' as b`);
    expect(r.b).toBe('R 1,00');
  });

  it('answers the rows of a raw query as a list', async () => {
    const rows = rowsOf<{ n: number }>(
      await d.db.execute(sql`select generate_series(1, 3)::int as n`),
    );
    expect(rows.map((x) => x.n)).toEqual([1, 2, 3]);
  });
});
