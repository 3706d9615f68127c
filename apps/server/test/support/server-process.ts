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
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** The newest modification time of a file under `dir`. */
function newest(dir: string): number {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) t = Math.max(t, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return t;
}

let fresh: boolean | null = null;
/**
 * Whether dist/ was built from the source as it is now (nothing under the server's or core's
 * src is newer than dist/main.mjs): then a child runs the compiled bundle, as `npm start`
 * does, and starts in about half the time of tsx with a fraction of its CPU. `npm test` builds
 * before the server tests; a single test file run after an edit falls back to tsx.
 */
export function compiledIsFresh(): boolean {
  if (fresh !== null) return fresh;
  const main = path.join(SERVER_DIR, 'dist', 'main.mjs');
  if (!fs.existsSync(main)) return (fresh = false);
  const built = fs.statSync(main).mtimeMs;
  const sources = [path.join(SERVER_DIR, 'src'), path.join(SERVER_DIR, '../../packages/core/src')];
  return (fresh = sources.every((d) => newest(d) <= built));
}

/** The compiled bundle `name` of dist/ when it is fresh, else its TypeScript source. */
const entry = (name: string, source: string) => (compiledIsFresh() ? `dist/${name}.mjs` : source);

/** Runs `script`: TypeScript through tsx, or a compiled bundle of dist/ (`.mjs`) as `npm start` does. */
function run(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const loader = script.endsWith('.mjs') ? ['--enable-source-maps'] : ['--import', 'tsx'];
  return spawn(process.execPath, [...loader, path.join(SERVER_DIR, script), ...args], {
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

/** A CLI of the server (dist/NAME.mjs when fresh, else `source` through tsx): its exit code and output. */
export async function serverCli(
  name: string,
  source: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const child = run(entry(name, source), args, env);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  return { code, out };
}

/** `npm run user:create` against the same data directory or database. */
export async function createUserCli(
  env: Record<string, string>,
  u: { username: string; password: string; email: string },
): Promise<void> {
  const { code, out } = await serverCli(
    'user-create',
    'src/cli/user-create.ts',
    ['--username', u.username, '--password', u.password, '--email', u.email],
    env,
  );
  if (code !== 0) throw new Error(`user:create exited with ${code}: ${out}`);
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** Resolves once it has printed `text` (on stdout or stderr), at once if it has already. */
  printed(text: string): Promise<void>;
  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakRssMb(): number;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the server and resolves once it listens on `env.PORT`: dist/main.mjs when `compiled`
 * or when it is fresh (`compiledIsFresh`), else src/main.ts through tsx (`compiled: false`
 * asks for tsx).
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: { compiled?: boolean; startTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const child = run(
    (opts.compiled ?? compiledIsFresh()) ? 'dist/main.mjs' : 'src/main.ts',
    [],
    env,
  );
  let out = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start:\n${out}`)),
      // A hang guard, not a speed check: a start on a loaded two-core machine has taken over 60 s.
      opts.startTimeoutMs ?? 150_000,
    );
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
    printed: (text) =>
      new Promise<void>((resolve) => {
        const look = () => {
          if (!out.includes(text)) return;
          child.stdout!.off('data', look);
          child.stderr!.off('data', look);
          resolve();
        };
        // Registered after the collecting listeners, so `out` already holds the chunk.
        child.stdout!.on('data', look);
        child.stderr!.on('data', look);
        look();
      }),
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
