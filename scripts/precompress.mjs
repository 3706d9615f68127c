#!/usr/bin/env node
// Writes .br and .gz siblings of the built web app's text files, so the server
// sends them as they are (@fastify/static `preCompressed`) instead of
// compressing on every request. Run after `vite build`: node scripts/precompress.mjs apps/web/dist
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* files(p);
    else if (TEXT.test(e.name)) yield p;
  }
}

export async function precompress(dir) {
  let raw = 0;
  let br = 0;
  let gz = 0;
  let count = 0;
  for (const file of files(dir)) {
    // Only the hashed assets never change; sw.js, index.html and the manifest
    // must be sent as they are on disk now (a new service worker is found by
    // its bytes), so they are compressed per request instead.
    if (!path.relative(dir, file).split(path.sep).includes('assets')) continue;
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const [b, g] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    // A variant no smaller than the file is not worth sending.
    if (b.length < data.length) fs.writeFileSync(`${file}.br`, b);
    if (g.length < data.length) fs.writeFileSync(`${file}.gz`, g);
    raw += data.length;
    br += b.length;
    gz += g.length;
    count++;
  }
  return { count, raw, br, gz };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  if (!fs.existsSync(dir)) {
    console.error(`precompress: no such directory ${dir}`);
    process.exit(1);
  }
  const { count, raw, br, gz } = await precompress(dir);
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`precompressed ${count} files: ${kb(raw)} raw, ${kb(gz)} gzip, ${kb(br)} brotli`);
}
