// npm run bench -- soak: the tested topology of docs/deploy.md (nginx with
// deploy/nginx.conf in front of two compiled processes on one PostgreSQL
// database) under mixed traffic for SOAK_SECONDS (default 600): sign-ins, the
// board, the month's invoices, the clients, job saves, invoice saves, PDFs and
// live sockets. Reports errors, p50/p99 per route, socket pushes received and
// each process's memory after the warm-up.
// npm run bench -- scale: the authenticated read and the month list through
// nginx in front of one process, then two, in one run.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { io as connect, type Socket } from 'socket.io-client';
import { statusNode } from '@fieldbook/core';
import { startCluster, rssMb, type Cluster } from './cluster.js';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const WARM_UP_SECONDS = Math.min(60, Math.floor(SOAK_SECONDS / 5));
const STAFF = 6;
const SOCKETS = 12;

interface RouteStats {
  times: number[];
  errors: string[];
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]! : 0;

/**
 * One request timed under `name`; a non-2xx answer or a failure is an error of
 * that route. Answers the body's text when it succeeded.
 */
async function timed(
  stats: Map<string, RouteStats>,
  name: string,
  run: () => Promise<Response>,
): Promise<string | null> {
  const s = stats.get(name) ?? { times: [], errors: [] };
  stats.set(name, s);
  const t = performance.now();
  try {
    const res = await run();
    const text = await res.text();
    if (!res.ok) {
      s.errors.push(`${res.status} ${text.slice(0, 120)}`);
      return null;
    }
    s.times.push(performance.now() - t);
    return text;
  } catch (e) {
    s.errors.push((e as Error).message);
    return null;
  }
}

/** This month's first and last day, as the invoices list takes them. */
function thisMonth() {
  const now = new Date();
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return {
    from: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))),
    to: day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0))),
  };
}

async function seed(c: Cluster) {
  const api = c.owner;
  const cid = c.companyId;
  const type = await api.post<{ _id: string }>(`/api/companies/${cid}/appointments/types`, {
    name: 'Repairs',
    description: '',
    order: 0,
    statuses: [
      statusNode('s-new', 'New', 0, ['s-booked']),
      statusNode('s-booked', 'Booked', 1, ['s-done']),
      statusNode('s-done', 'Done', 2, []),
    ],
    components: [],
  });
  const start = new Date(Date.now() + 86_400_000).toISOString();
  const jobs: { _id: string; updatedAt: string }[] = [];
  for (let i = 0; i < 200; i++)
    jobs.push(
      await api.post(`/api/companies/${cid}/appointments`, {
        appointmentTypeId: type._id,
        status: 'New',
        faultDescription: `Job ${i}`,
        hasSchedule: true,
        startDate: start,
        endDate: start,
        entityId: c.clientId,
      }),
    );
  const month = new Date().toISOString().slice(0, 10);
  const invoices = await api.invoices(cid, c.clientId, 300, month);
  return { typeId: type._id, jobs, invoices, start };
}

export async function benchSoak(): Promise<void> {
  const c = await startCluster(2, STAFF);
  const sockets: Socket[] = [];
  try {
    const { typeId, jobs, invoices, start } = await seed(c);
    const cid = c.companyId;
    const base = `${c.url}/api/companies/${cid}`;
    const stats = new Map<string, RouteStats>();
    let pushes = 0;
    let disconnects = 0;
    for (let i = 0; i < SOCKETS; i++) {
      const staff = c.staff[i % c.staff.length]!;
      const s = connect(c.url, {
        auth: { username: staff.username, token: staff.token },
        transports: ['websocket'],
      });
      sockets.push(s);
      await new Promise((r, j) => {
        s.once('connect', () => r(null));
        s.once('connect_error', j);
      });
      await s.timeout(10_000).emitWithAck('joinCompany', cid);
      s.on('updateActiveJobs', () => pushes++);
      s.on('disconnect', () => disconnects++);
    }

    const started = performance.now();
    const end = started + SOAK_SECONDS * 1000;
    const warm = started + WARM_UP_SECONDS * 1000;
    const memory: { at: number; rss: number[] }[] = [];
    const sampler = setInterval(
      () => memory.push({ at: performance.now(), rss: c.servers.map((s) => rssMb(s.pid)) }),
      5_000,
    );
    const month = new Date();
    const { from, to } = thisMonth();
    const json = (h: Record<string, string>) => ({ ...h, 'content-type': 'application/json' });
    const gz = { 'accept-encoding': 'gzip, deflate, br' };

    // Each member works in a loop: mostly reads, a save in five; their own job and invoice, so
    // no 409 and no growth.
    const member = async (i: number) => {
      const h = { ...c.staff[i % c.staff.length]!.headers, ...gz };
      const mine = { ...jobs[i]! };
      for (let n = 0; performance.now() < end; n++) {
        const kind = n % 10;
        if (kind < 3)
          await timed(stats, 'GET activeJobs (board)', () =>
            fetch(`${base}/appointments/activeJobs`, { headers: h }),
          );
        else if (kind < 5)
          await timed(stats, 'GET invoices (this month)', () =>
            fetch(`${base}/invoices?from=${from}&to=${to}&type=0`, { headers: h }),
          );
        else if (kind < 7)
          await timed(stats, 'GET entities (clients)', () =>
            fetch(`${base}/entities`, { headers: h }),
          );
        else if (kind < 9) {
          const res = await timed(stats, 'POST appointments (save a job)', () =>
            fetch(`${base}/appointments`, {
              method: 'POST',
              headers: json(h),
              body: JSON.stringify({
                _id: mine._id,
                updatedAt: mine.updatedAt,
                appointmentTypeId: typeId,
                status: 'New',
                faultDescription: `Saved ${n}`,
                hasSchedule: true,
                startDate: start,
                endDate: start,
                entityId: c.clientId,
              }),
            }),
          );
          if (res) mine.updatedAt = (JSON.parse(res) as { updatedAt: string }).updatedAt;
        } else
          // Their own invoice saved again: the data stays the size it was, so memory can be compared.
          await timed(stats, 'POST invoices (save an invoice)', () =>
            fetch(`${base}/invoices`, {
              method: 'POST',
              headers: json(h),
              body: JSON.stringify({
                _id: invoices[i],
                invoiceDate: month.toISOString().slice(0, 10),
                dueDate: month.toISOString().slice(0, 10),
                entityId: c.clientId,
                descriptions: [{ description: `Soak ${i}-${n}`, qty: 1, price: 100 + n }],
              }),
            }),
          );
      }
    };
    // PDFs one at a time (Chromium), sign-ins every 3 s (under the per-address limit).
    const pdfs = async () => {
      for (let n = 0; performance.now() < end; n++)
        await timed(stats, 'GET invoice PDF', () =>
          fetch(`${base}/invoices/${invoices[n % invoices.length]}/download`, {
            headers: c.staff[0]!.headers,
          }),
        );
    };
    const signIns = async () => {
      for (let n = 0; performance.now() < end; n++) {
        const staff = c.staff[n % c.staff.length]!;
        await timed(stats, 'POST auth/login (sign in)', () =>
          fetch(`${c.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              username: staff.username,
              password: c.password,
              clientId: 'soak',
            }),
          }),
        );
        await new Promise((r) => setTimeout(r, 3_000));
      }
    };
    await Promise.all([...Array.from({ length: 8 }, (_, i) => member(i)), pdfs(), signIns()]);
    clearInterval(sampler);

    const after = memory.filter((m) => m.at >= warm);
    const minute = 60_000 / 5_000;
    const avg = (rows: typeof after, p: number) =>
      rows.reduce((sum, m) => sum + m.rss[p]!, 0) / Math.max(1, rows.length);
    console.log(
      `\nSoak through nginx, 2 processes, ${SOAK_SECONDS} s (${WARM_UP_SECONDS} s warm-up), ${new Date().toISOString().slice(0, 10)}\n`,
    );
    console.log('| route | requests | errors | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|');
    for (const [name, s] of stats) {
      const sorted = [...s.times].sort((a, b) => a - b);
      console.log(
        `| ${name} | ${s.times.length + s.errors.length} | ${s.errors.length} | ${pct(sorted, 0.5).toFixed(0)} | ${pct(sorted, 0.99).toFixed(0)} |`,
      );
      if (s.errors.length)
        console.log(`  errors: ${[...new Set(s.errors)].slice(0, 5).join('; ')}`);
    }
    console.log(`\nsockets: ${SOCKETS}, pushes received ${pushes}, disconnects ${disconnects}`);
    console.log(
      '\n| process | RSS first minute after warm-up MB | RSS last minute MB | growth |\n|---|---:|---:|---:|',
    );
    c.servers.forEach((_, p) => {
      const first = avg(after.slice(0, minute), p);
      const last = avg(after.slice(-minute), p);
      console.log(
        `| ${p + 1} | ${first.toFixed(0)} | ${last.toFixed(0)} | ${(((last - first) / first) * 100).toFixed(1)} % |`,
      );
    });
  } finally {
    sockets.forEach((s) => s.disconnect());
    await c.close();
  }
}

/** The authenticated read and the month list through nginx: one process, then two. */
export async function benchScale(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 15);
  const rows: string[] = [];
  for (const n of [1, 2]) {
    const c = await startCluster(n, 1);
    try {
      const month = new Date().toISOString().slice(0, 10);
      await c.owner.invoices(c.companyId, c.clientId, 300, month);
      const { from, to } = thisMonth();
      const base = `${c.url}/api/companies/${c.companyId}`;
      for (const [name, url] of [
        ['GET groups (the authenticated read)', `${base}/groups`],
        ['GET invoices (one month, 300 invoices)', `${base}/invoices?from=${from}&to=${to}&type=0`],
      ] as const) {
        const opts = {
          url,
          headers: { ...c.staff[0]!.headers, 'accept-encoding': 'br' },
          connections: 20,
        };
        await autocannon({ ...opts, duration: 3 });
        const r = await autocannon({ ...opts, duration: seconds });
        // A connection nginx closes after its keep-alive limit counts as an error here: reported.
        if (r.non2xx) throw new Error(`${name}: ${r.non2xx} non-2xx answers`);
        rows.push(
          `| ${n} | ${name} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors} |`,
        );
      }
    } finally {
      await c.close();
    }
  }
  console.log(
    `\nThrough nginx, 20 connections, ${seconds} s per route, ${new Date().toISOString().slice(0, 10)}\n`,
  );
  console.log(
    '| processes | route | requests/s | p50 ms | p99 ms | connection errors |\n|---:|---|---:|---:|---:|---:|',
  );
  for (const r of rows) console.log(r);
}
