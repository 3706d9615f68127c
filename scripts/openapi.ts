// npm run openapi: writes the OpenAPI document of the whole API to
// docs/openapi.json (CI fails when the committed copy differs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDeps } from '../apps/server/src/open-deps.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-openapi-'));
const deps = await openDeps(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), 'openapi');
try {
  const app = await buildApp(deps);
  await app.ready();
  const out = path.resolve(import.meta.dirname, '../docs/openapi.json');
  fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await deps.database.close();
  deps.release();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
