// `npm run bench -- chat`: chat delivery with 200 connected sockets over two
// server processes on one PostgreSQL database (DECISIONS §11). Ten members of
// one room (the owner and nine colleagues) each hold 20 sockets, half on each
// process. They post 100 messages in turn through process A, one every 100 ms;
// for each, the time from the POST leaving until a socket on process B gets
// `chat message` (one watched socket, and every socket on either process).
// BENCH_PG_URL (default the local test server); a fresh database is made and
// dropped. `-- chat-redis` the same with REDIS_URL (BENCH_REDIS_URL, default
// database 14 of the local Redis): the events cross over Redis instead of
// NOTIFY. Figures go to docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { startMailCatcher } from '../../apps/server/test/support/mail-catcher.js';
import {
  HttpApi,
  createUserCli,
  freePort,
  spawnServer,
  type ServerProcess,
} from '../../apps/server/test/support/server-process.js';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MEMBERS = 9;
const SOCKETS_PER_USER = 20;
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 100);
const PASSWORD = 'a long enough password';

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export async function benchChat(opts: { redisUrl?: string } = {}) {
  const bus = opts.redisUrl ? 'Redis' : 'NOTIFY';
  const mail = await startMailCatcher();
  const db = `fb_bench_chat_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${db}`);
  const u = new URL(PG_URL);
  u.pathname = `/${db}`;
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: u.toString(),
    SMTP_URL: mail.url,
    PUBLIC_URL: 'http://fieldbook.test',
    ...(opts.redisUrl && { REDIS_URL: opts.redisUrl }),
  };
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  const sockets: Socket[] = [];
  const start = async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-chat-'));
    dirs.push(dir);
    const s = await spawnServer({ ...env, PORT: String(await freePort()), DATA_DIR: dir });
    servers.push(s);
    return s.url;
  };
  try {
    const a = await start();
    const b = await start();
    await createUserCli(env, { username: 'owner', password: PASSWORD, email: 'o@example.test' });
    const owner = await HttpApi.login(a, 'owner', PASSWORD);
    const form = new FormData();
    form.append('companyName', 'Chat bench');
    const companyId = (await owner.post<{ _id: string }>('/api/companies', form))._id;
    const ownerToken = (
      await new HttpApi(a).post<{ token: string }>('/api/auth/login', {
        username: 'owner',
        password: PASSWORD,
      })
    ).token;
    const people = [{ id: '', username: 'owner', token: ownerToken }];
    for (let k = 0; k < MEMBERS; k++) {
      const name = `member${k}`;
      const email = `${name}@example.test`;
      await owner.post('/api/people/invite', { companyId, email, name, surname: 'M', group: null });
      const token = /token=([\w-]+)/.exec((await mail.last(email)).text)![1]!;
      const r = await fetch(`${a}/api/auth/invitation/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, username: name, password: PASSWORD, name, surname: 'M' }),
      });
      if (r.status !== 200) throw new Error(`invitation: ${r.status} ${await r.text()}`);
      const body = (await r.json()) as { token: string; user: { _id: string } };
      people.push({ id: body.user._id, username: name, token: body.token });
    }
    const { chatRoom } = await owner.post<{ chatRoom: { _id: string } }>('/api/rooms/initiate', {
      companyId,
      userIds: people.slice(1).map((p) => p.id),
      chatName: 'Everyone',
    });

    // Each delivery: message text -> arrival times per socket.
    const arrivals = new Map<string, { onA: number[]; onB: number[] }>();
    const watched: Socket[] = [];
    for (const p of people)
      for (let k = 0; k < SOCKETS_PER_USER; k++) {
        const onB = k % 2 === 1;
        const s = connect(onB ? b : a, {
          auth: { username: p.username, token: p.token },
          transports: ['websocket'],
          reconnection: false,
        });
        sockets.push(s);
        await new Promise((r, j) => {
          s.once('connect', () => r(null));
          s.once('connect_error', j);
        });
        await s.timeout(10_000).emitWithAck('joinCompany', companyId);
        s.on('chat message', (m: { message: string }) => {
          const t = performance.now();
          const at = arrivals.get(m.message);
          if (at) (onB ? at.onB : at.onA).push(t);
        });
        if (onB && p.username === 'member0' && watched.length === 0) watched.push(s);
      }
    const total = sockets.length;

    const watchedLatency: number[] = [];
    const allLatency: number[] = [];
    let missing = 0;
    const watchedTimes = new Map<string, number>();
    watched[0]!.on('chat message', (m: { message: string }) =>
      watchedTimes.set(m.message, performance.now()),
    );
    const senders = people.map(
      (p) => new HttpApi(a, { username: p.username, authorization: `Bearer ${p.token}` }),
    );
    const sent = new Map<string, number>();
    for (let k = 0; k < MESSAGES; k++) {
      const text = `bench ${k}`;
      arrivals.set(text, { onA: [], onB: [] });
      sent.set(text, performance.now());
      // Senders take turns (each user may send 60 a minute).
      void senders[k % senders.length]!.post(`/api/rooms/${chatRoom._id}/message`, { text });
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 3000));
    for (const [text, t0] of sent) {
      const w = watchedTimes.get(text);
      if (w !== undefined) watchedLatency.push(w - t0);
      const at = arrivals.get(text)!;
      const all = [...at.onA, ...at.onB];
      missing += total - all.length;
      for (const t of all) allLatency.push(t - t0);
    }
    const result = {
      sockets: total,
      messages: MESSAGES,
      watched: {
        median: quantile(watchedLatency, 0.5),
        p95: quantile(watchedLatency, 0.95),
        p99: quantile(watchedLatency, 0.99),
      },
      all: {
        median: quantile(allLatency, 0.5),
        p95: quantile(allLatency, 0.95),
        p99: quantile(allLatency, 0.99),
      },
      missing,
    };
    console.log(
      `chat (events over ${bus}): ${total} sockets on two processes, ${MESSAGES} messages posted on A: ` +
        `a socket on B gets each in median ${result.watched.median.toFixed(1)} ms, p95 ${result.watched.p95.toFixed(1)} ms, p99 ${result.watched.p99.toFixed(1)} ms; ` +
        `over all ${total} sockets median ${result.all.median.toFixed(1)} ms, p95 ${result.all.p95.toFixed(1)} ms, p99 ${result.all.p99.toFixed(1)} ms; ` +
        `${missing} deliveries missing`,
    );
    return result;
  } finally {
    sockets.forEach((s) => s.disconnect());
    for (const s of servers) await s.kill('SIGKILL');
    await mail.close();
    await admin.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
    await admin.end();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  }
}
