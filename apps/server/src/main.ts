import { buildApp } from './app.js';
import { backfillAccountItems } from './areas/accounting/index.js';
import { attachChatRealtime } from './areas/chat/index.js';
import { attachTasksRealtime } from './areas/tasks/index.js';
import { attachNotificationsRealtime } from './areas/notifications/index.js';
import { startDelivery } from './areas/delivery/delivery-workers.js';
import { jobAutomationHandlers, startJobReminders } from './areas/jobs/automations.js';
import { startRecurringSchedule } from './areas/recurring/index.js';
import { loadConfig } from './config.js';
import { DataDirLockedError } from './platform/data-lock.js';
import { openDeps } from './open-deps.js';
import { SecretKeyError } from './platform/secret-check.js';
import { bridgeEventsOverPostgres } from './platform/events-bridge.js';
import { attachRealtime } from './platform/realtime.js';
import { seedDemoIfEmpty } from './seed/demo.js';

// start: config -> db (locked) -> migrate -> seed -> app -> listen -> realtime -> workers
async function main() {
  const config = loadConfig();
  const deps = await openDeps(config, 'the Fieldbook server');
  if (!config.production) {
    const demo = await seedDemoIfEmpty(deps);
    if (demo)
      console.log(
        `Demo company seeded. Sign in with username "${demo.username}" and password "${demo.password}".`,
      );
  }
  const app = await buildApp(deps);
  const io = attachRealtime(app.server, deps);
  attachChatRealtime(io, deps);
  attachTasksRealtime(io, deps);
  attachNotificationsRealtime(io, deps);
  // Pushes reach browsers connected to any process sharing the database.
  const bridge = config.databaseUrl
    ? await bridgeEventsOverPostgres(deps.events, config.databaseUrl)
    : null;
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Fieldbook is running on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
  // On the embedded database, leases still held belong to a dead server (the lock proves it).
  // One worker runs the sends and the workflow automations (one QUEUE_CONCURRENCY pool).
  const delivery = await startDelivery(deps, {
    releaseLeases: true,
    handlers: jobAutomationHandlers(deps),
  });
  const reminders = startJobReminders(deps);
  // Account items of documents saved before the ledger existed; after listen, so it never delays it.
  backfillAccountItems(deps).then(
    (n) => {
      if (n.invoices || n.expenses)
        console.log(`Ledger backfill: ${n.invoices} invoices, ${n.expenses} expenses.`);
    },
    (e: unknown) => console.error('Ledger backfill failed', e),
  );
  // Recurring invoices, expenses and jobs: each due date made once (docs/recurring.md).
  const recurring = startRecurringSchedule(deps);

  const stop = async () => {
    // Running sends finish and are recorded before the database closes.
    await reminders.stop();
    await recurring.stop();
    await delivery.stop();
    await bridge?.close();
    await io.close();
    await app.close();
    await deps.pdf.close();
    await deps.database.close();
    deps.mailer.close();
    deps.release();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((e: unknown) => {
  if (e instanceof DataDirLockedError || e instanceof SecretKeyError) console.error(e.message);
  else console.error(e);
  process.exit(1);
});
