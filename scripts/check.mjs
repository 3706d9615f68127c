// `npm run check`: formatting, lint, types, the areas' imports and the cited
// reasons, run side by side. Each tool is single-threaded, so one after another
// they left a core idle for the ~100 s they take on a clean clone (prettier 21 s,
// eslint 36 s, tsc -b 41 s); side by side the check takes about as long as the
// slowest pair (docs/performance.md, "How long CI takes"). Each task's output is
// printed whole when it ends, and the check fails if any task does.
import { spawn } from 'node:child_process';
import os from 'node:os';

const TASKS = [
  ['typecheck', 'npm', ['run', '-s', 'typecheck']],
  ['lint', 'eslint', ['.']],
  ['format', 'prettier', ['--check', '.']],
  ['imports', 'npm', ['run', '-s', 'check:imports']],
  ['citations', 'node', ['scripts/check-citations.mjs']],
];

const run = ([name, command, args]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const done = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const verdict = code === 0 ? 'ok' : `FAILED (exit ${code})`;
      process.stdout.write(`\n--- ${name}: ${verdict} in ${seconds} s\n${output}`);
      resolve(code === 0);
    };
    child.on('error', (e) => {
      output += `${e.message}\n`;
      done(-1);
    });
    child.on('close', done);
  });

// The tools come from node_modules/.bin, which npm puts first on the PATH of its scripts.
const queue = [...TASKS];
const slots = Math.max(1, Math.min(queue.length, os.availableParallelism()));
const results = await Promise.all(
  Array.from({ length: slots }, async () => {
    const ok = [];
    for (let task = queue.shift(); task; task = queue.shift()) ok.push(await run(task));
    return ok.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
