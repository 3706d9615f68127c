import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const CONF = path.resolve(import.meta.dirname, '../../deploy/nginx.conf');
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

export interface Nginx {
  url: string;
  close(): Promise<void>;
}

/**
 * deploy/nginx.conf as it is, with this run's ports written into its upstream and
 * listen lines, started in the foreground under a prefix of its own (logs, temp files
 * and pid in a temporary folder). Resolves once it answers on `port`.
 */
export async function startNginx(port: number, upstreams: number[]): Promise<Nginx> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-nginx-'));
  // Run as root, nginx's workers are another user, which must reach the temp folders it makes here.
  fs.chmodSync(prefix, 0o755);
  fs.mkdirSync(path.join(prefix, 'logs'));
  const servers = upstreams
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  let conf = fs.readFileSync(CONF, 'utf8');
  const before = conf;
  conf = conf.replace(/(\s*server 127\.0\.0\.1:\d+ [^\n]*\n)+/, `\n${servers}\n`);
  conf = conf.replace(/listen 8080;/, `listen 127.0.0.1:${port};`);
  if (conf === before || !conf.includes(`listen 127.0.0.1:${port};`))
    throw new Error('deploy/nginx.conf no longer has the upstream and listen lines this test sets');
  const file = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(file, conf);
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', prefix, '-c', file, '-e', 'stderr', '-g', `daemon off; pid ${prefix}/nginx.pid;`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${out}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async close() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
