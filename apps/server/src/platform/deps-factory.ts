import path from 'node:path';
import type { Config } from '../config.js';
import { migrateDatabase, openDatabase, type Database } from '../db/client.js';
import { createSealer, loadSecretKey } from './crypto.js';
import { createCaches, type AppDeps } from './deps.js';
import { lockDataDir } from './data-lock.js';
import { printAssets } from '../areas/files/print-assets.js';
import { installShippedTemplates } from '../areas/templates/builtin/shipped.js';
import { createEvents } from './events.js';
import { createMailer } from './mail.js';
import { createPdfRenderer } from './pdf.js';

/**
 * Open what the server and the command-line tools need. On the embedded
 * database the data directory is locked first: a second process on it would
 * lose writes silently.
 */
export async function openDeps(
  config: Config,
  holder: string,
  database?: Database,
): Promise<AppDeps & { release: () => void }> {
  const release = config.databaseUrl || database ? () => {} : lockDataDir(config.dataDir, holder);
  try {
    const db =
      database ??
      (await openDatabase(
        config.databaseUrl
          ? { kind: 'postgres', url: config.databaseUrl }
          : { kind: 'pglite', dir: path.join(config.dataDir, 'db') },
      ));
    await migrateDatabase(db);
    await installShippedTemplates(db.db);
    return {
      config,
      database: db,
      mailer: createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
      }),
      sealer: createSealer(loadSecretKey(config.secretKey, config.dataDir)),
      caches: createCaches(),
      pdf: createPdfRenderer({
        chromiumPath: config.chromiumPath,
        resolveAsset: printAssets(db.db),
      }),
      events: createEvents(),
      release,
    };
  } catch (e) {
    release();
    throw e;
  }
}
