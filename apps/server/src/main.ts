import { loadConfig } from './config.js';
import { DataDirLockedError } from './platform/data-lock.js';
import { MigrationError, SchemaMismatchError } from './db/migrate.js';
import { startServer, stopOnSignals } from './lifecycle.js';
import { openDeps } from './open-deps.js';
import { SecretKeyError } from './platform/secret-check.js';
import { RedisUnreachableError } from './platform/events-bridge-redis.js';
import { seedDemoIfEmpty } from './seed/demo.js';

// start: config -> db (locked) -> migrate (once, checked) -> seed -> the role's parts
// (lifecycle.ts: app -> listen -> realtime -> workers -> ready); SIGTERM stops them in order.
async function main() {
  const config = loadConfig();
  const deps = await openDeps(config, 'the Fieldbook server');
  if (!config.production && config.role !== 'worker') {
    const demo = await seedDemoIfEmpty(deps);
    if (demo)
      console.log(
        `Demo company seeded. Sign in with username "${demo.username}" and password "${demo.password}".`,
      );
  }
  const running = await startServer(config, deps);
  stopOnSignals(running, config.shutdownTimeoutMs);
}

main().catch((e: unknown) => {
  // A schema this code cannot serve, or a migration that failed: say why and exit
  // (docs/deploy.md, "Migrations"); nothing listened, so nothing reported it ready.
  if (e instanceof SchemaMismatchError || e instanceof MigrationError)
    console.error(`Fieldbook will not start: ${e.message}`);
  else if (
    e instanceof DataDirLockedError ||
    e instanceof SecretKeyError ||
    e instanceof RedisUnreachableError
  )
    console.error(e.message);
  else console.error(e);
  process.exit(1);
});
