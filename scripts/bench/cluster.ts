// The tested topology of docs/deploy.md for benches: nginx (deploy/nginx.conf)
// in front of N compiled processes (dist/main.mjs) on a fresh PostgreSQL
// database, with an owner, a company, a client and staff signed in through the
// proxy. Build first (npm run build); nginx comes from scripts/ensure-nginx.mjs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { allRights } from '@fieldbook/core';
import {
  HttpApi,
  createUserCli,
  freePort,
  spawnServer,
  type ServerProcess,
} from '../../apps/server/test/support/server-process.js';
import { startNginx } from '../../e2e/proxy/nginx.js';

const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Staff {
  username: string;
  token: string;
  headers: Record<string, string>;
}

export interface Cluster {
  url: string;
  servers: ServerProcess[];
  owner: HttpApi;
  staff: Staff[];
  password: string;
  companyId: string;
  clientId: string;
  close(): Promise<void>;
}

/** Resident memory of a process now (VmRSS), in MB. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function admin(sql: string, url = PG_URL, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

export async function startCluster(processes: number, staffCount: number): Promise<Cluster> {
  if (!fs.existsSync(path.join(ROOT, 'apps/server/dist/main.mjs')))
    throw new Error('Build first: npm run build');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/ensure-nginx.mjs')], {
    stdio: 'inherit',
  });
  const db = `fb_bench_cluster_${process.pid}_${processes}`;
  await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${db}`);
  const u = new URL(PG_URL);
  u.pathname = `/${db}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-cluster-'));
  const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
  const proxyPort = await freePort();
  const env = (port: number) => ({
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: u.toString(),
    DATA_DIR: dataDir,
    SECRET_KEY: 'b'.repeat(64),
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: 'loopback',
    LOG_REQUESTS: '0',
  });
  const password = 'cluster bench password';
  const names = ['owner', ...Array.from({ length: staffCount }, (_, i) => `staff${i + 1}`)];
  for (const name of names)
    await createUserCli(env(ports[0]!), {
      username: name,
      password,
      email: `${name}@example.test`,
    });
  const servers = await Promise.all(ports.map((p) => spawnServer(env(p), { compiled: true })));
  const nginx = await startNginx(proxyPort, ports);
  const close = async () => {
    await nginx.close();
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const owner = await HttpApi.login(nginx.url, 'owner', password);
    const { companyId, clientId } = await owner.companyWithClient('Cluster Plumbing');
    const group = await owner.post<{ _id: string }>(`/api/companies/${companyId}/groups`, {
      name: 'Staff',
      rights: allRights(true),
    });
    const staff: Staff[] = [];
    for (const name of names.slice(1)) {
      const [row] = await admin(`SELECT id FROM users WHERE username = $1`, u.toString(), [name]);
      await admin(
        `INSERT INTO company_members (company_id, user_id) VALUES ($1, $2)`,
        u.toString(),
        [companyId, row.id],
      );
      await owner.post(`/api/companies/${companyId}/users/${row.id}`, { group: group._id });
      const r = await fetch(`${nginx.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: name, password, clientId: 'bench' }),
      });
      const { token } = (await r.json()) as { token: string };
      staff.push({
        username: name,
        token,
        headers: { username: name, token, authorization: `Bearer ${token}` },
      });
    }
    return { url: nginx.url, servers, owner, staff, password, companyId, clientId, close };
  } catch (e) {
    await close();
    throw e;
  }
}
