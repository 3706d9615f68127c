import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createReadiness } from '../../src/platform/health.js';
import { startWorker } from '../../src/platform/queue.js';
import { startHarness, type Harness } from '../support/harness.js';

/** GET /healthz and /readyz (docs/deploy.md, "Health"): each part failing on its own. */

let h: Harness;
const get = (url: string) => h.app.inject({ method: 'GET', url });
/** The harness runs no worker: hand /readyz one that runs, so only the part under test fails. */
const running = { running: () => true };
/** Closes the harness's database now, and only once (its own close comes after). */
async function closeDatabase() {
  const close = h.deps.database.close;
  h.deps.database.close = async () => {};
  await close();
}

beforeEach(async () => {
  h = await startHarness();
  h.app.readiness.watchWorkers([running]);
});
afterEach(() => h.close());

describe('GET /healthz', () => {
  it('answers 200 while the process runs, unauthenticated, saying nothing else', async () => {
    const r = await get('/healthz');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok' });
  });

  it('has an older twin, GET /api/health, that answers the same without the version', async () => {
    const r = await get('/api/health');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ ok: true });
  });

  it('still answers 200 when the database is gone (alive is not ready)', async () => {
    await closeDatabase();
    expect((await get('/healthz')).statusCode).toBe(200);
    expect((await get('/readyz')).json()).toEqual({ status: 'unavailable', failing: ['database'] });
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database, the schema, the PDF renderer and the workers are ready', async () => {
    const r = await get('/readyz');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok' });
    expect(r.headers['cache-control']).toBe('no-store');
    // No Chromium was launched to answer.
    expect(h.deps.pdf.stats().launches).toBe(0);
  });

  it('answers 503 naming the database when it is closed, and reveals no reason', async () => {
    await closeDatabase();
    const r = await get('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ status: 'unavailable', failing: ['database'] });
  });

  it('answers 503 naming the migrations when a migration row is missing', async () => {
    await h.deps.database.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT min(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    const r = await get('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ status: 'unavailable', failing: ['migrations'] });
  });

  it('answers 503 naming the migrations when the database has one this code does not know', async () => {
    await h.deps.database.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('from-a-newer-release', 4102444800000)`,
    );
    const r = await get('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ status: 'unavailable', failing: ['migrations'] });
  });

  it('answers 503 naming the PDF renderer once it is closed', async () => {
    await h.deps.pdf.close();
    const r = await get('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ status: 'unavailable', failing: ['pdf'] });
  });

  it('answers 503 naming the workers before they start and after they stop', async () => {
    const other = await startHarness();
    try {
      // A fresh app: no worker handed in yet.
      expect((await other.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
        status: 'unavailable',
        failing: ['workers'],
      });
    } finally {
      await other.close();
    }
    const worker = startWorker(h.deps.database.db, {}, { ...h.deps.config.queue });
    h.app.readiness.watchWorkers([worker]);
    expect((await get('/readyz')).statusCode).toBe(200);
    await worker.stop();
    const r = await get('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ status: 'unavailable', failing: ['workers'] });
  });

  it('answers 503 naming the events while the bridge to the other processes cannot hear them', async () => {
    let away: string | null = 'the listening connection was lost';
    h.app.readiness.watchEvents({ unavailable: () => away });
    const r = await get('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ status: 'unavailable', failing: ['events'] });
    away = null;
    expect((await get('/readyz')).statusCode).toBe(200);
  });

  it('names every failing part at once', async () => {
    h.app.readiness.watchWorkers([{ running: () => false }]);
    await h.deps.pdf.close();
    await closeDatabase();
    expect((await get('/readyz')).json()).toEqual({
      status: 'unavailable',
      failing: ['database', 'pdf', 'workers'],
    });
  });

  it('answers 503 naming the PDF renderer when Chromium is not there', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-no-chromium-'));
    const other = await startHarness({ CHROMIUM_PATH: path.join(dir, 'chromium') });
    try {
      other.app.readiness.watchWorkers([running]);
      expect((await other.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
        status: 'unavailable',
        failing: ['pdf'],
      });
    } finally {
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes ordinary probing without limits: 200 probes at once all answer 200', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => get(i % 2 ? '/readyz' : '/healthz')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
  });

  it('logs one line when the answer changes, with the reasons the answer leaves out', async () => {
    const lines: string[] = [];
    const readiness = createReadiness(h.deps, { log: (l) => lines.push(l) });
    readiness.watchWorkers([running]);
    await readiness.check();
    await readiness.check();
    await h.deps.pdf.close();
    await readiness.check();
    await readiness.check();
    expect(lines).toEqual(['Ready', 'Not ready: pdf (closed)']);
  });
});
