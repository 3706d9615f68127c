// npm run bench -- landing: Lighthouse's mobile performance of the landing page
// (its default: a mid-range phone on slow 4G, simulated), as a visitor gets it
// from the built app (apps/web/dist, or BENCH_WEB_DIST for another build) served
// by the real server on this machine. Lighthouse is fetched by npx at the pinned
// version, not installed with the project (it needs Node 22, and CI never runs it).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startHarness } from '../../apps/server/test/support/harness.js';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const run = promisify(execFile);

interface Audit {
  numericValue?: number;
}
interface Report {
  categories: { performance: { score: number } };
  audits: Record<string, Audit>;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchLanding() {
  const webDist =
    process.env.BENCH_WEB_DIST ?? path.resolve(import.meta.dirname, '../../apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error(`No built app in ${webDist}: npm run build`);
  const h = await startHarness({}, { webDist });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = h.app.server.address() as { port: number };
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-lighthouse-'));
  const rows: { score: number; fcp: number; lcp: number; tbt: number; cls: number }[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const file = path.join(out, `run-${i}.json`);
      await run(
        'npx',
        [
          '--yes',
          LIGHTHOUSE,
          `http://127.0.0.1:${port}/`,
          '--only-categories=performance',
          '--output=json',
          `--output-path=${file}`,
          '--chrome-flags=--headless=new --no-sandbox',
          '--quiet',
        ],
        { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 1 << 26 },
      );
      const r = JSON.parse(fs.readFileSync(file, 'utf8')) as Report;
      const ms = (id: string) => Math.round(r.audits[id]?.numericValue ?? NaN);
      rows.push({
        score: Math.round(r.categories.performance.score * 100),
        fcp: ms('first-contentful-paint'),
        lcp: ms('largest-contentful-paint'),
        tbt: ms('total-blocking-time'),
        cls: Number((r.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
      });
      console.log(`run ${i + 1}: ${JSON.stringify(rows.at(-1))}`);
    }
  } finally {
    await h.close();
    fs.rmSync(out, { recursive: true, force: true });
  }
  const m = (k: keyof (typeof rows)[number]) => median(rows.map((r) => r[k]));
  console.log(`\nLighthouse mobile, the landing page (${webDist}), median of ${RUNS} runs:`);
  console.log(
    `| performance | FCP ms | LCP ms | TBT ms | CLS |\n| ${m('score')} | ${m('fcp')} | ${m('lcp')} | ${m('tbt')} | ${m('cls')} |`,
  );
}
