// Compiles the server for `npm start`: one ESM bundle per entry point in
// apps/server/dist (gitignored), @fieldbook/core inlined (its package exports
// TypeScript source), every npm package left external (node resolves them
// from node_modules at run time), with source maps (run with
// --enable-source-maps). No TypeScript compiler or tsx is needed to run it.
//
// Every bundle sits directly in dist/ because apps/server/src/paths.ts
// resolves the migrations and the web build from its own folder's parent:
// src/.. and dist/.. are both apps/server.
import path from 'node:path';
import { build } from 'esbuild';

const server = path.resolve(import.meta.dirname, '../apps/server');
const outdir = path.join(server, 'dist');
const quiet = process.argv.includes('--quiet');

const entries = {
  main: 'src/main.ts',
  'user-create': 'src/cli/user-create.ts',
  backup: 'src/cli/backup.ts',
  restore: 'src/cli/restore.ts',
  // The route optimiser's thread: optimiser-pool.ts starts ./optimiser-worker.mjs
  // next to the running module (in src/ a tsx loader, here the compiled worker).
  'optimiser-worker': 'src/areas/routes/optimiser-worker.ts',
};

/** Bare imports stay external, except our own workspace package (TypeScript source). */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@fieldbook/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
// Files are overwritten, never removed first: a running server may still load
// ./optimiser-worker.mjs while a command-line tool rebuilds.
await build({
  absWorkingDir: server,
  entryPoints: Object.entries(entries).map(([out, file]) => ({ in: file, out })),
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  // Only what is reached: core's contracts the server does not use are left out.
  treeShaking: true,
  // Fastify's route names and error classes keep their names in stack traces.
  keepNames: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
if (!quiet)
  console.log(
    `Server compiled to ${path.relative(process.cwd(), outdir)} in ${Date.now() - started} ms`,
  );
