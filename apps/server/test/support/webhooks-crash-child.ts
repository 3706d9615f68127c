/**
 * The child process of webhooks-crash.test.ts (run with tsx, never by
 * vitest): `setup` makes a company with an endpoint at `RECEIVER` and queues
 * `EVENTS` events (one transaction each), printing the secret; `work` runs a
 * queue worker with the webhook handlers until every delivery is delivered
 * (the parent kills the first one mid-way); `count` prints the deliveries by
 * status as JSON.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows.js';
import { createAuthService } from '../../src/areas/auth/auth.service.js';
import { joinCompany } from '../../src/areas/companies/index.js';
import { systemCaller } from '../../src/platform/access.js';
import { createWebhooksService } from '../../src/areas/webhooks/webhooks.service.js';
import { emitWebhook, webhookHandlers } from '../../src/areas/webhooks/index.js';
import { companiesService } from '../../src/compose.js';
import { loadConfig } from '../../src/config.js';
import { openDeps } from '../../src/open-deps.js';
import { releaseDeadLeases, startWorker } from '../../src/platform/queue.js';

const mode = process.argv[2];
const deps = await openDeps(loadConfig(), `webhooks crash child (${mode})`);
const db = deps.database.db;

async function byStatus(): Promise<Record<string, number>> {
  const r = await db.execute<{ status: string; n: number }>(
    sql`select status, count(*)::int as n from webhook_deliveries group by status`,
  );
  const rows = rowsOf<{ status: string; n: number }>(r);
  return Object.fromEntries(rows.map((x) => [x.status, x.n]));
}

if (mode === 'setup') {
  const auth = createAuthService(deps, joinCompany);
  const user = await auth.createUser({
    username: 'crashhook',
    password: 'crash-test-password',
    email: 'crashhook@example.test',
    name: 'Crash',
    surname: 'Hook',
    rank: null,
  });
  const { _id: companyId } = await companiesService(deps, auth).create(
    user.id,
    'Crash Hooks Co',
    null,
  );
  const made = await createWebhooksService(deps).create(
    companyId,
    {
      url: process.env.RECEIVER!,
      description: '',
      events: ['client.updated'],
    },
    systemCaller(companyId),
  );
  for (let i = 0; i < Number(process.env.EVENTS); i++)
    await db.transaction((tx) => emitWebhook(tx, companyId, 'client.updated', { n: i }));
  console.log(`secret ${made.secret}`);
} else if (mode === 'work') {
  if (deps.database.kind === 'pglite') await releaseDeadLeases(db);
  const worker = startWorker(db, webhookHandlers(deps), { ...deps.config.queue });
  for (;;) {
    const s = await byStatus();
    if (Object.keys(s).every((k) => k === 'delivered')) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await worker.stop();
  console.log('all delivered');
} else {
  console.log(JSON.stringify(await byStatus()));
}
await deps.database.close();
deps.release();
process.exit(0);
