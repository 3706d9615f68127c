/**
 * The child process of recurring-crash.test.ts (run with tsx, never by
 * vitest): `setup` makes a company with a daily recurring invoice of many due
 * dates, `run` runs the scheduler at the fake clock `NOW`, printing the dates made
 * after each commit (the parent kills it mid-run) and at the end;
 * `count` prints what was made as JSON.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/db/rows.js';
import { ZRecurringSave } from '@fieldbook/core';
import { createAuthService } from '../../src/areas/auth/auth.service.js';
import { joinCompany } from '../../src/areas/companies/index.js';
import { companiesService } from '../../src/compose.js';
import { runDueRecurring } from '../../src/areas/recurring/index.js';
import { createRecurringService } from '../../src/areas/recurring/recurring.service.js';
import { loadConfig } from '../../src/config.js';
import { clients } from '../../src/db/schema/index.js';
import { openDeps } from '../../src/open-deps.js';

const mode = process.argv[2];
const deps = await openDeps(loadConfig(), `recurring crash child (${mode})`);
const db = deps.database.db;

async function counts() {
  const r = await db.execute<{ runs: number; invoices: number; dates: number; docs: number }>(sql`
    select (select count(*)::int from recurring_runs) as runs,
           (select count(distinct occurrence_date)::int from recurring_runs) as dates,
           (select count(distinct document_id)::int from recurring_runs) as docs,
           (select count(*)::int from invoices) as invoices`);
  const rows = rowsOf<Record<string, number>>(r);
  return rows[0] as { runs: number; invoices: number; dates: number; docs: number };
}

if (mode === 'setup') {
  const user = await createAuthService(deps, joinCompany).createUser({
    username: 'crashrec',
    password: 'crash-test-password',
    email: 'crashrec@example.test',
    name: 'Crash',
    surname: 'Test',
    rank: null,
  });
  const { _id: companyId } = await companiesService(
    deps,
    createAuthService(deps, joinCompany),
  ).create(user.id, 'Crash Recurring Co', null);
  const [c] = await db
    .insert(clients)
    .values({ companyId, name: 'Crash', surname: 'Client' })
    .returning({ id: clients.id });
  await createRecurringService(deps).save(
    companyId,
    user.id,
    'invoices',
    ZRecurringSave.parse({
      startDate: process.env.START,
      recurringType: 'day',
      entityId: c!.id,
      descriptions: [{ description: 'Daily', qty: 1, price: 10 }],
    }),
  );
  console.log('ready');
} else if (mode === 'run') {
  console.log('runs started');
  const r = await runDueRecurring(deps, new Date(process.env.NOW!), undefined, (made) =>
    console.log(`made ${made}`),
  );
  console.log(`finished ${r.made}`);
} else {
  console.log(JSON.stringify(await counts()));
}
await deps.database.close();
deps.release();
process.exit(0);
