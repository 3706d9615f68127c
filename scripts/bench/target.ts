// The process under load: the real app and, in the same process on the same
// database, a bare Fastify app with a constant JSON route and a one-query route.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { allRights, currentPeriod, todayIn } from '@fieldbook/core';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDeps } from '../../apps/server/src/open-deps.js';
import { createAuthService } from '../../apps/server/src/areas/auth/auth.service.js';
import { joinCompany } from '../../apps/server/src/areas/companies/index.js';
import { companiesService } from '../../apps/server/src/compose.js';
import { addMember, listGroups } from '../../apps/server/src/areas/companies/companies.repo.js';
import { systemCaller } from '../../apps/server/src/platform/access.js';
import { newToken } from '../../apps/server/src/platform/crypto.js';
import { insertSession } from '../../apps/server/src/platform/sessions.repo.js';
import { rowsOf } from '../../apps/server/src/db/rows.js';
import { seedFinanceBench } from './finance-fixture.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-'));
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    // BENCH_LANES=0: the hot reads on the pool, as before the pipelined lanes.
    DATABASE_LANES: process.env.BENCH_LANES ?? '',
    // `npm run bench -- metrics`: the request hook of GET /metrics on.
    METRICS_TOKEN: process.env.BENCH_METRICS_TOKEN ?? '',
  }),
  logRequests: false,
};
const deps = await openDeps(config, 'bench');
const auth = createAuthService(deps, joinCompany);
const companies = companiesService(deps, auth);
const owner = await auth.createUser({
  username: `bench${Date.now()}`,
  password: 'bench-password',
  email: 'b@bench.test',
});
const { _id: companyId } = await companies.create(owner.id, 'Bench Co', null);
for (let i = 0; i < 5; i++)
  await companies.saveGroup(
    companyId,
    { name: `Group ${i}`, rights: allRights(i % 2 === 0) },
    systemCaller(companyId),
  );
// The load runs as a member with a group (not the owner), so the group's rights are looked up too.
const member = await auth.createUser({
  username: `member${Date.now()}`,
  password: 'bench-password',
  email: 'm@bench.test',
});
const { _id: groupId } = await companies.saveGroup(
  companyId,
  {
    name: 'Readers',
    rights: { settings: { r: true }, invoices: { r: true }, clients: { r: true } },
  },
  systemCaller(companyId),
);
await addMember(deps.database.db, companyId, member.id, groupId);
const t = newToken();
await insertSession(deps.database.db, member.id, t.hash, 'bench');

const period = currentPeriod(0, 'Africa/Johannesburg');
const seedStart = performance.now();
const { clientIds } = await seedFinanceBench(deps.database.db, companyId, {
  clients: Number(process.env.BENCH_CLIENTS ?? 5000),
  invoices: Number(process.env.BENCH_INVOICES ?? 100_000),
  today: todayIn('Africa/Johannesburg'),
});
const seedSeconds = (performance.now() - seedStart) / 1000;

const app = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/json', () => ({ hello: 'world' }));
// One query of the same shape as the authenticated route's own read.
bare.get('/query', async () => {
  const r = await deps.database.db.execute(
    sql`select id, name, rights from company_groups where company_id = ${companyId} order by name`,
  );
  return rowsOf(r);
});
// The authenticated route's own read (companies.repo.ts, listGroups: a named prepared
// statement), called with nothing of the app around it.
bare.get('/prepared', () => listGroups(deps.database.db, companyId));
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (a: { server: { address(): unknown } }) =>
  (a.server.address() as { port: number }).port;
console.log(
  JSON.stringify({
    app: port(app),
    bare: port(bare),
    companyId,
    username: member.username,
    token: t.token,
    kind: deps.database.kind,
    period,
    clientId: clientIds[0],
    seedSeconds,
  }),
);
process.on('SIGTERM', () => {
  void Promise.all([app.close(), bare.close()]).then(async () => {
    await deps.database.close();
    deps.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
