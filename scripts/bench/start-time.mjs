// Start time (spawn to listening) and resident memory at idle of the server,
// compiled (`node dist/main.mjs`, what `npm start` runs) against tsx on the
// TypeScript source. Build first (npm run build). Usage:
//   node scripts/bench/start-time.mjs [runs] [DATABASE_URL]
// Each run starts on the same data directory (migrated and seeded by a first,
// unmeasured start), so the figures are a restart's, not a first install's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const server = path.resolve(import.meta.dirname, '../../apps/server');
const runs = Number(process.argv[2] ?? 5);
const databaseUrl = process.argv[3];
const IDLE_MS = 5_000;

const ways = {
  compiled: ['--enable-source-maps', 'dist/main.mjs'],
  tsx: ['--import', 'tsx', 'src/main.ts'],
};

async function freePort() {
  const s = net.createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address();
  await new Promise((r) => s.close(r));
  return port;
}

const kb = (pid, field) =>
  Number(
    new RegExp(`${field}:\\s+(\\d+) kB`).exec(
      fs.readFileSync(`/proc/${pid}/status`, 'utf8'),
    )?.[1] ?? 0,
  );

async function once(args, dataDir) {
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    LOG_REQUESTS: '0',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: server,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listening = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('Fieldbook is running')) resolve(performance.now() - t0);
    });
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
  // Idle: no requests; the workers poll. Then the resident set now and its peak.
  await sleep(IDLE_MS);
  const rss = kb(child.pid, 'VmRSS') / 1024;
  const peak = kb(child.pid, 'VmHWM') / 1024;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  return { listening, rss, peak };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-start-'));
try {
  await once(ways.compiled, dataDir); // migrate and seed, unmeasured
  for (const [name, args] of Object.entries(ways)) {
    const r = [];
    for (let i = 0; i < runs; i++) r.push(await once(args, dataDir));
    console.log(
      `${name.padEnd(9)} listening after ${median(r.map((x) => x.listening)).toFixed(0)} ms, ` +
        `RSS at idle ${median(r.map((x) => x.rss)).toFixed(0)} MB (peak ${median(r.map((x) => x.peak)).toFixed(0)} MB), ` +
        `median of ${runs} on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`,
    );
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
