import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { openDatabase, type Database, type Tx } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { createSealer, loadSecretKey } from './crypto.js';
import { createCaches, type AppDeps } from './deps.js';
import { lockDataDir } from './data-lock.js';
import { checkSealedSecrets, refuseNewKeyForSealedSecrets } from './secret-check.js';
import { createEvents } from './events.js';
import { createMailer } from './mail.js';
import { createPdfRenderer, type PdfAsset } from './pdf.js';

/** What the areas add to start-up; the platform knows no area, so `src/open-deps.ts` hands it in. */
export interface AreaStartup {
  /** The images a printed document may load. */
  printAssets: (db: Tx) => (pathname: string) => Promise<PdfAsset | null>;
  /** Data the areas keep current at every start (the shipped templates). */
  install: (db: Tx) => Promise<void>;
}

/**
 * Open what the server and the command-line tools need. On the embedded
 * database the data directory is locked first: a second process on it would
 * lose writes silently.
 */
export async function openPlatformDeps(
  config: Config,
  holder: string,
  areas: AreaStartup,
  database?: Database,
): Promise<AppDeps & { release: () => void }> {
  const release = config.databaseUrl || database ? () => {} : lockDataDir(config.dataDir, holder);
  let opened: Database | null = null;
  try {
    const db =
      database ??
      (opened = await openDatabase(
        config.databaseUrl
          ? { kind: 'postgres', url: config.databaseUrl, lanes: config.databaseLanes }
          : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
      ));
    await migrateDatabase(db);
    await areas.install(db.db);
    // A restored database without its key: refuse rather than make a new key that opens nothing.
    const keyFile = path.join(config.dataDir, 'secret.key');
    if (!config.secretKey && !fs.existsSync(keyFile))
      await refuseNewKeyForSealedSecrets(db.db, keyFile);
    const sealer = createSealer(loadSecretKey(config.secretKey, config.dataDir));
    await checkSealedSecrets(db.db, sealer);
    return {
      config,
      database: db,
      mailer: createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        companySmtp: config.companySmtp,
      }),
      sealer,
      caches: createCaches(),
      pdf: createPdfRenderer({
        chromiumPath: config.chromiumPath,
        resolveAsset: areas.printAssets(db.db),
      }),
      events: createEvents(),
      release,
    };
  } catch (e) {
    await opened?.close().catch(() => {});
    release();
    throw e;
  }
}
