import path from 'node:path';

/**
 * Where the server finds files at run time, in one place. This module sits
 * directly in `src/`, and the compiled bundles sit directly in `dist/`
 * (scripts/build-server.mjs inlines it there), so `..` of this file's folder
 * is `apps/server` in both: every path below resolves the same from source
 * (tsx, Vitest) and from the build (`node dist/main.mjs`).
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');

/** The committed drizzle-kit migrations (SQL and their journal), read at start. */
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src', 'db', 'migrations');

/** The built web app (`npm run build`), served from `/` when present. */
export const WEB_DIST = path.resolve(SERVER_ROOT, '..', 'web', 'dist');
