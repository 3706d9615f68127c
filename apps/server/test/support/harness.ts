import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrateDatabase } from '../../src/db/migrate.js';
import { createSealer } from '../../src/platform/crypto.js';
import { createCaches, type AppDeps } from '../../src/platform/deps.js';
import { printAssets } from '../../src/areas/files/print-assets.js';
import { installShippedTemplates } from '../../src/areas/templates/builtin/shipped.js';
import { createEvents } from '../../src/platform/events.js';
import { createMailer } from '../../src/platform/mail.js';
import { createPdfRenderer } from '../../src/platform/pdf.js';
import { startMailCatcher } from './mail-catcher.js';
import { keepDatabase, rememberLoadedSchema, takeKeptDatabase } from './pglite-reuse.js';
import { startDelivery, type Delivery } from '../../src/areas/delivery/delivery-workers.js';
import { jobAutomationHandlers } from '../../src/areas/jobs/automations.js';
import { webhookHandlers } from '../../src/areas/webhooks/index.js';

/** A fresh migrated database for one test file: PGlite from the dump, or a copy of the PostgreSQL template. */
export async function freshDatabase(): Promise<Database> {
  // Outside vitest (the browser bench) there is no global setup: a new migrated PGlite.
  if (!process.env.VITEST) {
    const database = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(database);
    return database;
  }
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    // Named after the global setup's process, whose teardown drops them.
    const name = `fb_t_${template.replace('fb_template_', '')}_${randomUUID().slice(0, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    return openDatabase({ kind: 'postgres', url: u.toString(), max: 5 });
  }
  const dump = fs.readFileSync(inject('pgliteDump'));
  const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  await rememberLoadedSchema(database);
  return database;
}

export interface Harness {
  app: App;
  deps: AppDeps;
  mail: Awaited<ReturnType<typeof startMailCatcher>>;
  /** The queue worker (and statement scheduler) when started with `workers: true`. */
  delivery: Delivery | null;
  close(): Promise<void>;
}

/** The app on a fresh database, sending mail to an SMTP server in this process. */
export async function startHarness(
  env: Record<string, string> = {},
  opts: { webDist?: string; workers?: boolean } = {},
): Promise<Harness> {
  const mail = await startMailCatcher();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-test-'));
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://fieldbook.test',
      ...env,
    }),
    smtpUrl: mail.url,
    webDist: opts.webDist ?? path.join(dataDir, 'no-web'),
  };
  // The worker's last harness's database, emptied (support/pglite-reuse.ts), or a fresh one.
  const database = (await takeKeptDatabase()) ?? (await freshDatabase());
  await installShippedTemplates(database.db);
  const deps: AppDeps = {
    config,
    database,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(dataDir, 'outbox'),
      companySmtp: config.companySmtp,
    }),
    sealer: createSealer(Buffer.alloc(32, 7)),
    caches: createCaches(),
    // Chromium starts only when a test prints.
    pdf: createPdfRenderer({
      chromiumPath: config.chromiumPath,
      pages: 2,
      resolveAsset: printAssets(database.db),
    }),
    events: createEvents(),
  };
  const app = await buildApp(deps);
  await app.ready();
  // Off by default: a test that wants background sending asks for it.
  const delivery = opts.workers
    ? await startDelivery(deps, {
        scheduler: false,
        handlers: { ...jobAutomationHandlers(deps), ...webhookHandlers(deps) },
      })
    : null;
  return {
    app,
    deps,
    mail,
    delivery,
    async close() {
      await delivery?.stop();
      await app.close();
      await deps.pdf.close();
      await keepDatabase(database);
      deps.mailer.close();
      await mail.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
