// After `vite build`: render the public pages to HTML (src/prerender.tsx) into
// dist/prerendered, which the server sends for those paths (app.ts, serveSpa).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const out = path.join(web, 'node_modules/.prerender');

await build({
  root: web,
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, minify: false },
});

const { PRERENDERED, renderPath, pageHtml } = await import(
  pathToFileURL(path.join(out, 'prerender.js')).href
);
const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const target = path.join(dist, 'prerendered');
fs.mkdirSync(target, { recursive: true });
for (const [route, file] of Object.entries(PRERENDERED)) {
  // The server's rule (apps/server/src/app.ts, prerenderedFile): / or /<small letters>.
  const word = /^\/([a-z]*)$/.exec(route)?.[1];
  if (word === undefined || word === 'index' || file !== `${word || 'index'}.html`)
    throw new Error(`${route} -> ${file}: the server would never send it`);
  const markup = await renderPath(route);
  // A screen that fell back to its spinner or to the browser ($!) is no page to send.
  if (markup.includes('<!--$!') || markup.includes('aria-label="Loading"'))
    throw new Error(`${route}: rendered its loading state, not the page`);
  const html = pageHtml(template, markup);
  fs.writeFileSync(path.join(target, file), html);
  console.log(
    `prerendered ${route} -> dist/prerendered/${file} (${(html.length / 1024).toFixed(1)} KB)`,
  );
}
fs.rmSync(out, { recursive: true, force: true });
