import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once, type IdempotencyKey } from '../../src/platform/idempotency.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/**
 * platform/idempotency.ts `once` inside transactions of the test's own: a
 * request with a key another transaction holds waits for it, and is answered
 * its answer when it commits, or runs when it rolls back (PGlite runs one
 * transaction at a time; PostgreSQL makes the second wait on the key's index).
 */
let h: Harness;
let cid: string;
let owner: TestUser;

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
});
afterAll(() => h.close());

const keyOf = (k: string, fingerprint = 'f'): IdempotencyKey => ({
  companyId: cid,
  userId: owner.id,
  key: k,
  fingerprint,
  replayed: false,
});

/**
 * Resolves once the second request is held by the first: on PostgreSQL when a
 * backend waits on a lock (the key's unique index); PGlite runs one transaction
 * at a time, so a transaction begun after the holder's queues behind it.
 */
async function secondIsWaiting() {
  if (!process.env.TEST_DATABASE_URL) return;
  await expect
    .poll(async () => {
      const r = await h.deps.database.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
      );
      return rowsOf<{ n: number }>(r)[0]!.n;
    })
    .toBeGreaterThan(0);
}

/** A transaction that takes the key and holds it until `release` is called, then commits or throws. */
function holder(k: string, outcome: 'commit' | 'rollback') {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let taken!: () => void;
  const took = new Promise<void>((r) => (taken = r));
  const done = h.deps.database.db
    .transaction((tx) =>
      once(tx, keyOf(k), async () => {
        taken();
        await held;
        if (outcome === 'rollback') throw new Error('refused');
        return { by: 'first' };
      }),
    )
    .catch((e: Error) => e.message);
  return { took, release, done };
}

describe('once, with a key another transaction holds', () => {
  it('waits for it and answers its answer when it commits', async () => {
    const k = randomUUID();
    const first = holder(k, 'commit');
    await first.took;
    let ran = false;
    const second = keyOf(k);
    const p = h.deps.database.db.transaction((tx) =>
      once(tx, second, async () => {
        ran = true;
        return { by: 'second' };
      }),
    );
    await secondIsWaiting();
    first.release();
    expect(await first.done).toEqual({ by: 'first' });
    expect(await p).toEqual({ by: 'first' });
    expect(ran).toBe(false);
    expect(second.replayed).toBe(true);
  });

  it('runs the change when the holder rolls back', async () => {
    const k = randomUUID();
    const first = holder(k, 'rollback');
    await first.took;
    const second = keyOf(k);
    const p = h.deps.database.db.transaction((tx) =>
      once(tx, second, async () => ({ by: 'second' })),
    );
    await secondIsWaiting();
    first.release();
    expect(await first.done).toBe('refused');
    expect(await p).toEqual({ by: 'second' });
    expect(second.replayed).toBe(false);
  });

  it('is a 422 for another request once the holder committed', async () => {
    const k = randomUUID();
    const first = holder(k, 'commit');
    await first.took;
    const p = h.deps.database.db
      .transaction((tx) => once(tx, keyOf(k, 'other'), async () => ({ by: 'second' })))
      .catch((e: { status?: number }) => e.status);
    first.release();
    await first.done;
    expect(await p).toBe(422);
  });
});
