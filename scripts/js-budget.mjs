// The JavaScript budget of the web app (issue 9, Usability 2): how many gzipped
// bytes of JavaScript a browser fetches to show the landing page, the sign-in
// page and the signed-in shell (with the dashboard), read from the Vite build
// manifest (apps/web/dist/.vite/manifest.json). Exits 1 when one is over budget.
//
//   node scripts/js-budget.mjs           # after npm run build
//   node scripts/js-budget.mjs --json    # the figures as JSON
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// Kilobytes of 1,000 bytes, as Vite's build report counts them.
const KB = 1000;
/**
 * What each screen loads: the entry, then the lazy modules the router loads for it.
 * The signed-out budgets were 120 KB until the public pages came as HTML at first byte
 * (apps/web/src/prerender.tsx): taking that HTML over (React's hydrateRoot) costs 0.4 KB,
 * and the landing page no longer waits for its JavaScript to paint.
 */
export const SCREENS = [
  { name: 'landing', budget: 121 * KB, modules: ['src/areas/public/landing-page.tsx'] },
  { name: 'sign-in', budget: 121 * KB, modules: ['src/areas/auth/login-page.tsx'] },
  {
    name: 'signed-in shell',
    budget: 300 * KB,
    modules: ['src/app/signed-in-router.tsx', 'src/areas/dashboard/dashboard-page.tsx'],
  },
];

/** The JS files a manifest chunk loads before it runs: itself and its static imports, transitively. */
function closure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest (was it renamed?)`);
  if (into.has(chunk.file)) return into;
  if (chunk.file.endsWith('.js')) into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/** Each screen's files and gzipped JavaScript size, from a built dist folder. */
export function measure(dist) {
  const manifestPath = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath))
    throw new Error(`${manifestPath} is missing: build the web app first (npm run build)`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry, found ${entries.join(', ')}`);
  const gz = new Map();
  const gzipped = (file) => {
    if (!gz.has(file)) gz.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length);
    return gz.get(file);
  };
  return SCREENS.map((screen) => {
    const files = closure(manifest, entries[0]);
    for (const m of screen.modules) closure(manifest, m, files);
    const bytes = [...files].reduce((sum, f) => sum + gzipped(f), 0);
    return { ...screen, files: [...files], bytes, over: bytes > screen.budget };
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename;
if (isMain) {
  const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
  const results = measure(dist);
  if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
  else
    for (const r of results)
      console.log(
        `${r.over ? 'OVER' : 'ok  '} ${r.name.padEnd(16)} ${(r.bytes / KB).toFixed(1).padStart(6)} KB` +
          ` gzipped JS of ${r.budget / KB} KB (${r.files.length} files)`,
      );
  if (results.some((r) => r.over)) {
    console.error('JavaScript budget exceeded: split the code (see apps/web/README.md).');
    process.exit(1);
  }
}
