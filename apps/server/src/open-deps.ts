import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { printAssets } from './areas/files/print-assets.js';
import { installShippedTemplates } from './areas/templates/builtin/shipped.js';
import { openPlatformDeps } from './platform/deps-factory.js';

/**
 * Open what the server and the command-line tools need: the platform's
 * dependencies with the areas' start-up parts (the platform imports no area).
 */
export function openDeps(config: Config, holder: string, database?: Database) {
  return openPlatformDeps(
    config,
    holder,
    { printAssets, install: installShippedTemplates },
    database,
  );
}
