import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * The real server (`src/main.ts` through tsx) as a child process, for tests
 * and benches that kill and restart it. Its environment is exactly `env`
 * plus PATH, HOME and CHROMIUM_PATH, so nothing of the parent's (a TEST_DATABASE_URL, say)
 * leaks in by accident.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

function run(script: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(SERVER_DIR, script), ...args], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...(process.env.CHROMIUM_PATH && { CHROMIUM_PATH: process.env.CHROMIUM_PATH }),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `npm run user:create` against the same data directory or database. */
export async function createUserCli(
  env: Record<string, string>,
  u: { username: string; password: string; email: string },
): Promise<void> {
  const child = run(
    'src/cli/user-create.ts',
    ['--username', u.username, '--password', u.password, '--email', u.email],
    env,
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`user:create exited with ${code}: ${out}`);
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakRssMb(): number;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/** Starts the server and resolves once it listens on `env.PORT`. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = run('src/main.ts', [], env);
  let out = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Fieldbook is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${env.PORT}`,
    pid: child.pid!,
    output: () => out,
    peakRssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    },
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** A signed-in caller of a running server's API over real HTTP. */
export class HttpApi {
  constructor(
    readonly base: string,
    private headers: Record<string, string> = {},
  ) {}

  static async login(base: string, username: string, password: string): Promise<HttpApi> {
    const r = await new HttpApi(base).send<{ token: string }>('POST', '/api/auth/login', {
      username,
      password,
      clientId: 'test',
    });
    return new HttpApi(base, { username, token: r.token, authorization: `Bearer ${r.token}` });
  }

  async send<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
    const isForm = body instanceof FormData;
    const json = body !== undefined && !isForm;
    const res = await fetch(this.base + url, {
      method,
      headers: { ...this.headers, ...(json && { 'content-type': 'application/json' }) },
      body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  get = <T = unknown>(url: string) => this.send<T>('GET', url);
  post = <T = unknown>(url: string, body: unknown) => this.send<T>('POST', url, body);

  /** A company of the signed-in user with its own address set, and a client. */
  async companyWithClient(name: string): Promise<{ companyId: string; clientId: string }> {
    const form = new FormData();
    form.append('companyName', name);
    const { _id: companyId } = await this.post<{ _id: string }>('/api/companies', form);
    await this.post(`/api/companies/${companyId}`, {
      companyName: name,
      EmailAddress: 'office@example.test',
    });
    const { _id: clientId } = await this.post<{ _id: string }>(
      `/api/companies/${companyId}/entities`,
      { name: 'Bulk', surname: 'Client', email: 'bulk@example.test' },
    );
    return { companyId, clientId };
  }

  /** `n` invoices dated `date` (8 requests in flight), each to its own address; answers their ids. */
  async invoices(companyId: string, clientId: string, n: number, date: string): Promise<string[]> {
    const ids: string[] = new Array<string>(n);
    let next = 0;
    const one = async () => {
      for (let i = next++; i < n; i = next++) {
        const r = await this.post<{ _id: string }>(`/api/companies/${companyId}/invoices`, {
          invoiceDate: date,
          dueDate: date,
          entityId: clientId,
          toEmail: `payer${i}@example.test`,
          descriptions: [{ description: `Work ${i}`, qty: 1, price: 100 + i }],
        });
        ids[i] = r._id;
      }
    };
    await Promise.all(Array.from({ length: 8 }, one));
    return ids;
  }
}
