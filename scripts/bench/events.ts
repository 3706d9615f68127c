// `npm run bench -- events`: the events between processes on PostgreSQL NOTIFY
// (the default) and on Redis pub/sub (REDIS_URL), docs/deploy.md "Events across
// processes". This process and a child (events-peer.ts) each run the bridge, as
// two server processes do. For each bus: a flood (BENCH_EVENTS events emitted
// at once; events per second until the other process has them all) and a paced
// run (1,000 events, one every 5 ms; the delay of each from emit to the other
// process's listener, p50 and p99), with the WAL PostgreSQL wrote and the WAL
// syncs (disk flushes) it made during the flood. BENCH_PG_URL, BENCH_REDIS_URL
// (database number 14 of the local Redis by default). Figures go to
// docs/performance.md.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { createEvents } from '../../apps/server/src/platform/events.js';
import { bridgeEventsOverPostgres } from '../../apps/server/src/platform/events-bridge.js';
import { bridgeEventsOverRedis } from '../../apps/server/src/platform/events-bridge-redis.js';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
/** Under the outbox's OUTBOX_MAX (5,000), beyond which pushes are dropped on purpose. */
const FLOOD = Math.min(Number(process.env.BENCH_EVENTS ?? 4000), 4900);
const PACED = 1000;

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const now = () => performance.timeOrigin + performance.now();

interface Arrived {
  delays: number[];
  spanMs: number;
  lastAt: number;
}

async function peer(bus: string, url: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'events-peer.ts')],
    {
      env: { ...process.env, BENCH_BUS: bus, BENCH_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const lines = readline.createInterface({ input: child.stdout });
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (c) => reject(new Error(`events peer exited with ${c}`)));
    });
  if ((await next()) !== 'ready') throw new Error('events peer did not start');
  return {
    arrived: async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('events did not all arrive in 60 s')), 60_000);
      });
      try {
        return JSON.parse(await Promise.race([next(), late])) as Arrived;
      } finally {
        clearTimeout(timer);
      }
    },
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

/** WAL bytes written and WAL syncs so far (pg_stat_wal, PostgreSQL 14 and later). */
async function wal(admin: pg.Client) {
  const r = await admin.query<{ lsn: string; syncs: string }>(
    'SELECT pg_current_wal_lsn() - $1::pg_lsn AS lsn, (SELECT wal_sync FROM pg_stat_wal) AS syncs',
    ['0/0'],
  );
  return { bytes: Number(r.rows[0]!.lsn), syncs: Number(r.rows[0]!.syncs) };
}

async function benchBus(bus: 'postgres' | 'redis', admin: pg.Client) {
  const url = bus === 'redis' ? REDIS_URL : PG_URL;
  const other = await peer(bus, url);
  const events = createEvents();
  const bridge =
    bus === 'redis'
      ? await bridgeEventsOverRedis(events, url)
      : await bridgeEventsOverPostgres(events, url);
  const companyId = '00000000-0000-4000-8000-000000000000';
  const run = async (n: number, gapMs: number) => {
    events.emit({ companyId, name: 'chatRooms', ids: ['start', String(n)] });
    const arrived = other.arrived();
    const t0 = now();
    for (let k = 0; k < n; k++) {
      events.emit({ companyId, name: 'invoicesChanged', ids: [String(now())] });
      if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
    }
    const got = await arrived;
    return { ...got, totalMs: got.lastAt - t0 };
  };
  try {
    await run(200, 0); // warm-up
    const before = await wal(admin);
    const flood = await run(FLOOD, 0);
    const after = await wal(admin);
    const paced = await run(PACED, 5);
    const result = {
      bus,
      perSecond: Math.round((FLOOD / flood.totalMs) * 1000),
      flood: { p50: quantile(flood.delays, 0.5), p99: quantile(flood.delays, 0.99) },
      paced: { p50: quantile(paced.delays, 0.5), p99: quantile(paced.delays, 0.99) },
      walBytesPerEvent: Math.round((after.bytes - before.bytes) / FLOOD),
      walSyncsPerEvent: (after.syncs - before.syncs) / FLOOD,
    };
    console.log(
      `events over ${bus}: ${FLOOD} at once crossed in ${flood.totalMs.toFixed(0)} ms ` +
        `(${result.perSecond}/s; delay p50 ${result.flood.p50.toFixed(1)} ms, p99 ${result.flood.p99.toFixed(1)} ms); ` +
        `one every 5 ms: p50 ${result.paced.p50.toFixed(2)} ms, p99 ${result.paced.p99.toFixed(2)} ms; ` +
        `PostgreSQL wrote ${result.walBytesPerEvent} WAL bytes and ${result.walSyncsPerEvent.toFixed(2)} WAL syncs per event`,
    );
    return result;
  } finally {
    await bridge.close();
    await other.stop();
  }
}

export async function benchEvents() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  try {
    return [await benchBus('postgres', admin), await benchBus('redis', admin)];
  } finally {
    await admin.end();
  }
}
