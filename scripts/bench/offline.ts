// `npm run bench -- offline`: the offline pack (GET /appointments/offline,
// docs/offline.md) of a technician with 40 jobs in the week, each with a client,
// two lines, notes and 30 comments, in a company of 5,000 jobs; on PGlite and
// on a fresh PostgreSQL database (BENCH_PG_URL, or DATABASE_URL /
// TEST_DATABASE_URL). Prints its size (as sent, gzip, brotli) and the HTTP
// time. BENCH_DB=pglite|postgres runs one. Figures go to docs/performance.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEFAULT_DISCOUNT } from '@fieldbook/core';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDeps } from '../../apps/server/src/open-deps.js';
import { buildApp } from '../../apps/server/src/app.js';
import { createAuthService } from '../../apps/server/src/areas/auth/auth.service.js';
import { joinCompany } from '../../apps/server/src/areas/companies/index.js';
import { addMember } from '../../apps/server/src/areas/companies/companies.repo.js';
import { companiesService } from '../../apps/server/src/compose.js';
import { systemCaller } from '../../apps/server/src/platform/access.js';
import { newToken } from '../../apps/server/src/platform/crypto.js';
import { insertSession } from '../../apps/server/src/platform/sessions.repo.js';

const WEEK_JOBS = Number(process.env.BENCH_OFFLINE_JOBS ?? 40);
const COMPANY_JOBS = Number(process.env.BENCH_OFFLINE_COMPANY_JOBS ?? 5_000);
const COMMENTS = Number(process.env.BENCH_OFFLINE_COMMENTS ?? 30);
const RUNS = Number(process.env.BENCH_OFFLINE_RUNS ?? 100);
const PG_URL =
  process.env.DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  process.env.BENCH_PG_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

interface PackJob {
  _id: string;
  updatedAt: string;
}

/** A PNG of w×h noise (incompressible, like a photo's bytes): zlib, CRC and chunks by hand. */
function noisePng(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = crypto.randomBytes((w * 3 + 1) * h);
  for (let row = 0; row < h; row++) raw[row * (w * 3 + 1)] = 0; // each row's filter: none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * What a phone's outbox sends on reconnect (docs/offline.md): 20 job changes,
 * 10 of them with a photo uploaded first, one request after another, each with
 * its Idempotency-Key; then the same 30 requests again (a second tab, answers
 * lost): each answered from the stored key, nothing applied twice.
 */
async function replayOutbox(
  app: Awaited<ReturnType<typeof buildApp>>,
  companyId: string,
  username: string,
  token: string,
  jobs: PackJob[],
) {
  const photo = noisePng(400, 300);
  const base = `/api/companies/${companyId}/appointments`;
  const headers = (key: string) => ({ username, token, 'idempotency-key': key });
  const boundary = 'fieldbookbench';
  const multipart = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const requests: (() => Promise<{ statusCode: number; body: string }>)[] = [];
  const version = new Map(jobs.map((j) => [j._id, j.updatedAt]));
  for (let i = 0; i < 20; i++) {
    const job = jobs[i]!;
    const photoKey = `bench-photo-${i}-${process.pid}`;
    const saveKey = `bench-save-${i}-${process.pid}`;
    let fileId = '';
    if (i < 10)
      requests.push(async () => {
        const r = await app.inject({
          method: 'POST',
          url: `${base}/${job._id}/images`,
          headers: {
            ...headers(photoKey),
            'content-type': `multipart/form-data; boundary=${boundary}`,
          },
          payload: multipart,
        });
        fileId = (JSON.parse(r.body) as { file: string }).file;
        return r;
      });
    requests.push(async () => {
      const r = await app.inject({
        method: 'POST',
        url: base,
        headers: headers(saveKey),
        payload: {
          _id: job._id,
          updatedAt: version.get(job._id),
          resolution: `Done on site, change ${i}`,
          ...(i < 10 && { values: { photos: [fileId] } }),
        },
      });
      return r;
    });
  }
  const run = async () => {
    const s = performance.now();
    for (const send of requests) {
      const r = await send();
      if (r.statusCode !== 200) throw new Error(`sync: ${r.statusCode} ${r.body}`);
    }
    return performance.now() - s;
  };
  const first = await run();
  const again = await run();
  return { requests: requests.length, photoBytes: photo.length, first, again };
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function benchOn(label: string, databaseUrl: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-offline-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: databaseUrl }),
    logRequests: false,
  };
  const deps = await openDeps(config, 'bench-offline');
  const app = await buildApp(deps);
  try {
    const db = deps.database.db;
    const auth = createAuthService(deps, joinCompany);
    const companies = companiesService(deps, auth);
    const owner = await auth.createUser({
      username: `own${Date.now()}`,
      password: 'bench-pw-1',
      email: 'o@b.test',
    });
    const tech = await auth.createUser({
      username: `tech${Date.now()}`,
      password: 'bench-pw-1',
      email: 't@b.test',
    });
    const { _id: companyId } = await companies.create(owner.id, 'Bench Offline', null);
    const rights = { appointments: { r: true, c: true, u: true }, clients: { r: true } };
    const group = await companies.saveGroup(
      companyId,
      { name: 'Technicians', rights },
      systemCaller(companyId),
    );
    await addMember(db, companyId, tech.id, group._id);
    const t0 = performance.now();
    await db.execute(sql`
      INSERT INTO clients (company_id, name, surname, email, phone, contact_number, address)
      SELECT ${companyId}::uuid, 'Client ' || g, 'Surname ' || g, 'client' || g || '@example.test',
        '011 555 ' || lpad(g::text, 4, '0'), '082 555 ' || lpad(g::text, 4, '0'),
        g || ' Main Road, Sandton, Johannesburg, 2196'
      FROM generate_series(1, 200) g`);
    // The company's jobs over two months around now, the technician's 40 in the coming week.
    await db.execute(sql`
      INSERT INTO appointments (company_id, appointment_number, appointment_type_id, status,
        has_schedule, start_date, end_date, entity_id, user_id, assigned_users,
        fault_description, line_items, discount, values)
      SELECT ${companyId}::uuid, 'JOB' || lpad(g::text, 5, '0'),
        (SELECT id FROM appointment_types WHERE company_id = ${companyId} ORDER BY "order" LIMIT 1),
        'Booked', true,
        CASE WHEN g <= ${WEEK_JOBS} THEN now() + (g * INTERVAL '4 hours')
             ELSE now() - INTERVAL '30 days' + (g * INTERVAL '13 minutes') END,
        CASE WHEN g <= ${WEEK_JOBS} THEN now() + (g * INTERVAL '4 hours') + INTERVAL '90 minutes'
             ELSE now() - INTERVAL '30 days' + (g * INTERVAL '13 minutes') + INTERVAL '1 hour' END,
        (SELECT id FROM clients WHERE company_id = ${companyId} ORDER BY id OFFSET g % 200 LIMIT 1),
        CASE WHEN g <= ${WEEK_JOBS} THEN ${tech.id}::uuid ELSE ${owner.id}::uuid END,
        CASE WHEN g <= ${WEEK_JOBS} THEN jsonb_build_array(${tech.id}::text) ELSE '[]'::jsonb END,
        'Geyser leaking through the ceiling, unit ' || g,
        jsonb_build_array(
          jsonb_build_object('description', 'Geyser 150 l', 'qty', 1, 'price', 6500, 'hasTax', true),
          jsonb_build_object('description', 'Labour (hours)', 'qty', 3, 'price', 450, 'hasTax', true)),
        ${JSON.stringify(DEFAULT_DISCOUNT)}::jsonb,
        jsonb_build_object('notes', 'Gate code 4411; dog in the yard; geyser in the roof above the passage')
      FROM generate_series(1, ${COMPANY_JOBS}) g`);
    await db.execute(sql`
      INSERT INTO job_comments (company_id, appointment_id, user_id, text, created_at)
      SELECT ${companyId}::uuid, a.id, ${owner.id}::uuid,
        'Called the client about the access, comment ' || c, now() - (c * INTERVAL '1 hour')
      FROM appointments a, generate_series(1, ${COMMENTS}) c
      WHERE a.company_id = ${companyId} AND a.user_id = ${tech.id}`);
    await db.execute(sql`ANALYZE`);
    const seedSeconds = (performance.now() - t0) / 1000;

    const t = newToken();
    await insertSession(db, tech.id, t.hash, 'bench');
    const url = `/api/companies/${companyId}/appointments/offline`;
    const get = (encoding?: string) =>
      app.inject({
        method: 'GET',
        url,
        headers: {
          username: tech.username,
          token: t.token,
          ...(encoding && { 'accept-encoding': encoding }),
        },
      });
    const first = await get();
    if (first.statusCode !== 200) throw new Error(`offline: ${first.statusCode} ${first.body}`);
    const p = first.json() as {
      jobs: unknown[];
      clients: unknown[];
      comments: Record<string, unknown[]>;
    };
    const sizes = {
      json: first.rawPayload.length,
      gzip: (await get('gzip')).rawPayload.length,
      br: (await get('br')).rawPayload.length,
    };
    for (let i = 0; i < 3; i++) await get('br');
    const timed = async (encoding?: string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        const r = await get(encoding);
        times.push(performance.now() - s);
        if (r.statusCode !== 200) throw new Error(`offline: ${r.statusCode}`);
      }
      return times;
    };
    const times = await timed('br');
    const plain = await timed();
    // A baseline on the same machine at the same moment: one job opened in full.
    const one = (p.jobs[0] as { _id: string })._id;
    const single: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await app.inject({
        method: 'GET',
        url: `/api/companies/${companyId}/appointments/activeJobs/${one}`,
        headers: { username: tech.username, token: t.token },
      });
      single.push(performance.now() - s);
    }
    const sync = await replayOutbox(app, companyId, tech.username, t.token, p.jobs as PackJob[]);
    const kept = {
      jobs: p.jobs.length,
      clients: p.clients.length,
      comments: Object.values(p.comments).flat().length,
    };
    return { label, seedSeconds, sizes, times, plain, single, kept, sync };
  } finally {
    await app.close();
    await deps.database.close();
    await deps.pdf.close();
    deps.release();
  }
}

export async function benchOffline() {
  const only = process.env.BENCH_DB;
  const results = [];
  if (only !== 'postgres') results.push(await benchOn('PGlite', ''));
  if (only !== 'pglite') {
    const fresh = `fb_bench_offline_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
      await admin.query(`CREATE DATABASE ${fresh}`);
      const u = new URL(PG_URL);
      u.pathname = `/${fresh}`;
      results.push(await benchOn('PostgreSQL', u.toString()));
    } catch (e) {
      console.error(`PostgreSQL offline bench skipped: ${(e as Error).message}`);
    } finally {
      await new Promise((r) => setTimeout(r, 1000));
      await admin.query(`DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`).catch(() => {});
      await admin.end().catch(() => {});
    }
  }
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  console.log(
    `\nThe offline pack: a technician with ${WEEK_JOBS} jobs in the week (${COMMENTS} comments each) ` +
      `in a company of ${COMPANY_JOBS.toLocaleString('en')} jobs; ${RUNS} requests one at a time, with brotli and without\n`,
  );
  console.log(
    '| database | jobs / clients / comments | JSON | gzip | brotli | brotli p50 | p99 | uncompressed p50 | p99 | one job p50 |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.kept.jobs} / ${r.kept.clients} / ${r.kept.comments} | ${kb(r.sizes.json)} | ${kb(r.sizes.gzip)} | ${kb(r.sizes.br)} | ${ms(quantile(r.times, 0.5))} | ${ms(quantile(r.times, 0.99))} | ${ms(quantile(r.plain, 0.5))} | ${ms(quantile(r.plain, 0.99))} | ${ms(quantile(r.single, 0.5))} |`,
    );
  console.log(
    '\nSyncing an outbox of 20 job changes with 10 photos, one request after another (then all again: replays)\n',
  );
  console.log('| database | requests | photo | first sync | the same again (replayed) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results)
    console.log(
      `| ${r.label} | ${r.sync.requests} | ${kb(r.sync.photoBytes)} | ${ms(r.sync.first)} | ${ms(r.sync.again)} |`,
    );
  for (const r of results)
    console.log(`\n${r.label}: fixture inserted in ${r.seedSeconds.toFixed(1)} s`);
}
