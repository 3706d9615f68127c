import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelivery } from '../../src/areas/delivery/delivery-workers.js';
import { queueJobs } from '../../src/db/schema/index.js';
import { enqueueMany } from '../../src/platform/queue.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { setCompany } from '../support/invoices-helpers.js';

/** GET /metrics and the request id (docs/deploy.md, "Metrics and logs"). */

const TOKEN = 'metrics-test-token-0123456789abcdef';

describe('GET /metrics without METRICS_TOKEN', () => {
  let off: Harness;
  beforeAll(async () => (off = await startHarness()));
  afterAll(() => off.close());

  it('answers 404, with or without a token: never public by default', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const r = await off.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('fieldbook_');
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let h: Harness;
  let cid: string;
  let owner: TestUser;
  const scrape = async () => {
    const r = await h.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(r.statusCode).toBe(200);
    return r.body;
  };
  /** The value of one sample, e.g. `fieldbook_queue_jobs{state="due"}`. */
  const sample = (text: string, line: string) => {
    const found = text.split('\n').find((l) => l.startsWith(`${line} `));
    return found === undefined ? undefined : Number(found.slice(line.length + 1));
  };
  const asOwner = { username: '', token: '' };

  beforeAll(async () => {
    h = await startHarness({ METRICS_TOKEN: TOKEN });
    ({ id: cid, owner } = await buildCompany(h));
    Object.assign(asOwner, { username: owner.username, token: owner.token });
  });
  afterAll(() => h.close());

  it('answers 401 without the token, with a wrong one, and to a session', async () => {
    const send = (headers: Record<string, string>) =>
      h.app.inject({ method: 'GET', url: '/metrics', headers });
    const cases: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: `Bearer ${TOKEN}0` },
      { authorization: TOKEN },
      { ...asOwner, authorization: `Bearer ${owner.token}` },
    ];
    for (const headers of cases) {
      const r = await send(headers);
      expect(r.statusCode, JSON.stringify(headers)).toBe(401);
      expect(r.body).not.toContain('fieldbook_');
    }
  });

  it('answers 200 in the Prometheus text format, requests labelled by route pattern', async () => {
    await h.app.inject({ method: 'GET', url: `/api/companies/${cid}`, headers: asOwner });
    await h.app.inject({ method: 'GET', url: `/api/companies/${cid}`, headers: asOwner });
    await h.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    const r = await h.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = r.body;
    for (const name of [
      'fieldbook_http_request_duration_seconds_bucket',
      'fieldbook_http_requests_total',
      'fieldbook_queue_jobs',
      'fieldbook_queue_oldest_due_seconds',
      'fieldbook_send_limit_companies',
      'fieldbook_sends_this_hour',
      'fieldbook_send_limit_per_hour',
      'fieldbook_pdf_pages',
      'fieldbook_sockets',
      'fieldbook_events_outbox_pending',
      'fieldbook_events_bridge_lag_seconds_count',
      'fieldbook_metrics_database_up',
      'process_cpu_user_seconds_total',
      'nodejs_heap_size_used_bytes',
    ])
      expect(text, name).toContain(`\n${name}`);
    const route = '{method="GET",route="/api/companies/:id",status="200"}';
    expect(sample(text, `fieldbook_http_requests_total${route}`)).toBe(2);
    expect(
      sample(text, 'fieldbook_http_requests_total{method="GET",route="(unmatched)",status="404"}'),
    ).toBe(1);
    expect(text).not.toContain(cid);
    expect(sample(text, 'fieldbook_metrics_database_up')).toBe(1);
    expect(sample(text, 'fieldbook_pdf_pages{state="busy"}')).toBe(0);
  });

  it('shows the queue: due, scheduled and the oldest due job', async () => {
    const before = await scrape();
    const due = sample(before, 'fieldbook_queue_jobs{state="due"}') ?? -1;
    expect(due).toBeGreaterThanOrEqual(0);
    await h.deps.database.db.transaction((tx) =>
      enqueueMany(tx, [
        { kind: 'metrics-test', companyId: cid, payload: {}, runAt: new Date(Date.now() - 90_000) },
        { kind: 'metrics-test', companyId: cid, payload: {} },
        { kind: 'metrics-test', companyId: cid, payload: {}, runAt: new Date(Date.now() + 3.6e6) },
      ]),
    );
    const after = await scrape();
    expect(sample(after, 'fieldbook_queue_jobs{state="due"}')).toBe(due + 2);
    expect(sample(after, 'fieldbook_queue_jobs{state="scheduled"}')).toBeGreaterThanOrEqual(1);
    expect(sample(after, 'fieldbook_queue_oldest_due_seconds')).toBeGreaterThanOrEqual(89);
    // Not left for the other tests' workers (they run no handler of this kind anyway).
    await h.deps.database.db.delete(queueJobs).where(eq(queueJobs.kind, 'metrics-test'));
  });

  it('shows the sockets and the events bridge handed to it', async () => {
    h.app.metrics.watchSockets(() => 3);
    h.app.metrics.watchBridge({ pending: () => 7 });
    h.app.metrics.bridgeLag(12);
    const text = await scrape();
    expect(sample(text, 'fieldbook_sockets')).toBe(3);
    expect(sample(text, 'fieldbook_events_outbox_pending')).toBe(7);
    expect(sample(text, 'fieldbook_events_bridge_lag_seconds_count')).toBe(1);
  });

  it("carries a request's id into the log lines of the queue job it caused, and counts its send", async () => {
    await setCompany(owner.api, cid, { companyName: 'Metrics Co', EmailAddress: 'o@m.test' });
    const clientId = await buildClient(owner.api, cid, { email: 'client@example.test' });
    const invoice = await buildInvoice(owner.api, cid, clientId, { toEmail: 'p@example.test' });
    const reqId = 'proxy-trace.42_x';
    const r = await h.app.inject({
      method: 'POST',
      url: `/api/companies/${cid}/invoices/bulkemail`,
      headers: { ...asOwner, 'x-request-id': reqId },
      payload: { ids: [invoice._id] },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['x-request-id']).toBe(reqId);
    const [job] = await h.deps.database.db
      .select()
      .from(queueJobs)
      .where(sql`${queueJobs.payload}->>'invoiceId' = ${invoice._id as string}`);
    expect(job?.requestId).toBe(reqId);
    // Counted in the hour when queued.
    const text = await scrape();
    expect(sample(text, 'fieldbook_sends_this_hour')).toBe(1);
    expect(sample(text, 'fieldbook_send_limit_companies{level="any"}')).toBe(1);
    expect(sample(text, 'fieldbook_send_limit_companies{level="full"}')).toBe(0);

    // The worker's JSON lines for that job: resolved when its "done" line is written.
    const lines: Record<string, unknown>[] = [];
    let sawDone: () => void = () => {};
    const done = new Promise<void>((resolve) => (sawDone = resolve));
    const stream = new Writable({
      write(chunk: Buffer, _enc, next) {
        const line = JSON.parse(chunk.toString()) as Record<string, unknown>;
        lines.push(line);
        if (line.queueJob === job!.id && String(line.msg).includes('done')) sawDone();
        next();
      },
    });
    const delivery = await startDelivery(h.deps, {
      scheduler: false,
      logger: pino({ level: 'info' }, stream),
    });
    try {
      await done;
    } finally {
      await delivery.stop();
    }
    const ofJob = lines.filter((l) => l.queueJob === job!.id);
    expect(ofJob.length).toBeGreaterThanOrEqual(2);
    for (const l of ofJob) expect(l.reqId, JSON.stringify(l)).toBe(reqId);
  });

  it('replaces an X-Request-Id that is not a short safe token, and echoes the one it made', async () => {
    for (const bad of ['has space', 'x'.repeat(65), 'quote"d', 'ünï']) {
      const r = await h.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': bad },
      });
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const a = await h.app.inject({ method: 'GET', url: '/healthz' });
    const b = await h.app.inject({ method: 'GET', url: '/healthz' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
