// The process under load for `npm run bench -- jobs`: the real app with a
// company of 10,000 jobs (1,000 active) of a type with 20 components, and a
// technician whose group hides a value and the prices on site.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_DISCOUNT,
  ZAppointmentTypeSave,
  statusNode,
  type TComponentInput,
} from '@fieldbook/core';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDeps } from '../../apps/server/src/open-deps.js';
import { createAuthService } from '../../apps/server/src/areas/auth/auth.service.js';
import { joinCompany } from '../../apps/server/src/areas/companies/index.js';
import { addMember } from '../../apps/server/src/areas/companies/companies.repo.js';
import { companiesService, jobTypesService } from '../../apps/server/src/compose.js';
import { createJobsService } from '../../apps/server/src/areas/jobs/jobs.service.js';
import { listActive } from '../../apps/server/src/areas/jobs/jobs.repo.js';
import {
  activeCardsQuery,
  listActiveCardsJson,
} from '../../apps/server/src/areas/jobs/active-jobs.repo.js';
import { appointments, clients } from '../../apps/server/src/db/schema/index.js';
import { systemCaller, type Caller } from '../../apps/server/src/platform/access.js';
import { newToken } from '../../apps/server/src/platform/crypto.js';
import { insertSession } from '../../apps/server/src/platform/sessions.repo.js';
import { seededRandom } from '../../apps/server/src/seed/random.js';
import { rowsOf } from '../../apps/server/src/db/rows.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const ACTIVE = Number(process.env.BENCH_ACTIVE_JOBS ?? 1_000);
const BATCH = 500;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-bench-jobs-'));
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  }),
  logRequests: false,
};
const deps = await openDeps(config, 'bench-jobs');
const db = deps.database.db;
const auth = createAuthService(deps, joinCompany);
const companies = companiesService(deps, auth);
const owner = await auth.createUser({
  username: `jobs${Date.now()}`,
  password: 'bench-password',
  email: 'j@bench.test',
});
const { _id: companyId } = await companies.create(owner.id, 'Bench Jobs', null);
const tech = await auth.createUser({
  username: `tech${Date.now()}`,
  password: 'bench-password',
  email: 't@bench.test',
});
const { _id: groupId } = await companies.saveGroup(
  companyId,
  { name: 'Technicians', rights: { appointments: { r: true, c: true, u: true } } },
  systemCaller(companyId, owner.id),
);
await addMember(db, companyId, tech.id, groupId);

// 20 components: the client, the items, 16 value fields, two signatures.
const kinds = ['text', 'textArea', 'date', 'switch', 'select'] as const;
const components: TComponentInput[] = [
  { prop: 'client', label: 'Client', type: 'clientSelect' },
  {
    prop: 'items',
    label: 'Items',
    type: 'itemsSelect',
    permissions: { 'st-site': { groups: { [groupId]: { hideItemPrice: true } } } },
  },
  ...Array.from({ length: 16 }, (_, i): TComponentInput => {
    const type = kinds[i % kinds.length]!;
    return {
      prop: `f${i}`,
      label: `Field ${i}`,
      type,
      ...(type === 'select' ? { options: ['A', 'B', 'C'] } : {}),
      ...(i === 0 ? { permissions: { 'st-site': { groups: { [groupId]: { hide: true } } } } } : {}),
    } as TComponentInput;
  }),
  { prop: 'sig', label: 'Signature', type: 'signiture' },
  { prop: 'photos', label: 'Photos', type: 'images' },
];
const { _id: typeId } = await jobTypesService(deps).save(
  companyId,
  ZAppointmentTypeSave.parse({
    name: 'Geyser replacement',
    description: 'Bench type',
    statuses: [
      statusNode('st-new', 'New', 0, ['st-quoted']),
      statusNode('st-quoted', 'Quoted', 1, ['st-site']),
      statusNode('st-site', 'On site', 2, ['st-done']),
      statusNode('st-done', 'Job Done', 3, []),
    ],
    components,
  }),
);

/** Values for the 16 value fields, as a technician fills them in. */
function valuesFor(n: number) {
  const v: Record<string, string | boolean> = {};
  for (let i = 0; i < 16; i++) {
    const type = kinds[i % kinds.length]!;
    v[`f${i}`] =
      type === 'switch'
        ? n % 2 === 0
        : type === 'date'
          ? '2026-11-20'
          : type === 'select'
            ? 'B'
            : `Answer ${i} for job ${n}: checked the geyser, valve and drip tray`;
  }
  return v;
}
const lines = (count: number, rand: () => number) =>
  Array.from({ length: count }, (_, i) => ({
    description: `Part ${i + 1}: 150 l geyser element`,
    code: `P${i}`,
    qty: 1 + (i % 3),
    price: Math.round(rand() * 200000) / 100,
    hasTax: true,
    ledgerAccountId: null,
    itemId: null,
  }));

const seedStart = performance.now();
const rand = seededRandom(7);
const clientIds: string[] = [];
for (let i = 0; i < 500; i += 250) {
  const rows = Array.from({ length: 250 }, (_, k) => ({
    companyId,
    name: `Client ${i + k}`,
    surname: 'Bench',
    googlePosition: { lat: -33.9 + rand() / 10, lng: 18.4 + rand() / 10 },
  }));
  const ids = await db.insert(clients).values(rows).returning({ id: clients.id });
  clientIds.push(...ids.map((r) => r.id));
}
const open = ['New', 'Quoted', 'On site'];
const day = 24 * 3600 * 1000;
const t0 = Date.UTC(2026, 0, 1);
for (let i = 0; i < JOBS; i += BATCH) {
  const rows = Array.from({ length: Math.min(BATCH, JOBS - i) }, (_, k) => {
    const n = i + k;
    // Every tenth job is active, so the active ones are spread through the table.
    const active = n % Math.round(JOBS / ACTIVE) === 0;
    const start = new Date(t0 + Math.floor((n / JOBS) * 330) * day + 8 * 3600 * 1000);
    return {
      companyId,
      appointmentNumber: `B${String(n + 1).padStart(6, '0')}`,
      appointmentTypeId: typeId,
      status: active ? open[n % 3]! : 'Job Done',
      hasSchedule: true,
      active,
      startDate: start,
      endDate: new Date(start.getTime() + 2 * 3600 * 1000),
      isAllDayEvent: false,
      priority: 'Normal',
      userId: tech.id,
      assignedUsers: [tech.id],
      entityId: clientIds[n % clientIds.length]!,
      faultDescription: 'Geyser leaking from the overflow pipe',
      resolution: active ? '' : 'Replaced the element and the thermostat',
      lineItems: lines(3, rand),
      discount: DEFAULT_DISCOUNT,
      to: `Client ${n % clientIds.length}`,
      values: valuesFor(n),
      log: [
        { s: 'New', d: start.toISOString(), userId: owner.id },
        { s: active ? open[n % 3]! : 'Job Done', d: start.toISOString(), userId: tech.id },
      ],
      sortOrder: n % 50,
    };
  });
  await db.insert(appointments).values(rows);
}
await db.execute(sql`analyze`);
const seedSeconds = (performance.now() - seedStart) / 1000;

const session = async (userId: string) => {
  const t = newToken();
  await insertSession(db, userId, t.hash, 'bench');
  return t.token;
};
// Where the time of one activeJobs goes, in this process with nothing else running:
// the SQL alone (drizzle rows), the JS presenter on those rows, the JSON built in SQL.
const median = async (f: () => Promise<unknown>, runs = 15) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await f();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
};
const jobs = createJobsService(deps);
const who: Caller = {
  companyId,
  userId: tech.id,
  member: { isOwner: false, disabled: false, rights: {} },
  rank: null,
};
const cards = await jobs.activeCardsJson(companyId, who);
const full = JSON.stringify(await jobs.active(companyId, who));
const args = await jobs.activeCardsArgs(companyId, who);
// The plan: the partial index appointments_company_active_idx, not a scan of 10,000 jobs.
const plan = await db.execute(
  sql`explain (analyze, costs off) ${activeCardsQuery(companyId, args.hideAssignee, args.names)}`,
);
const inProcess = {
  rowsMs: await median(() => listActive(db, companyId)),
  presenterMs: await median(async () => JSON.stringify(await jobs.active(companyId, who))),
  // The cards built by the database, past the cache (which answers a repeated read).
  sqlJsonMs: await median(() => listActiveCardsJson(db, companyId, args.hideAssignee, args.names)),
  cachedMs: await median(() => jobs.activeCardsJson(companyId, who)),
  sqlJsonKb: cards.length / 1000,
  fullKb: full.length / 1000,
  // What @fastify/compress does to the answer (brotli quality 4, its default; gzip default).
  brMs: await median(async () =>
    zlib.brotliCompressSync(cards, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  ),
  brKb:
    zlib.brotliCompressSync(cards, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      .length / 1000,
  gzipMs: await median(async () => zlib.gzipSync(cards)),
  plan: rowsOf<Record<string, string>>(plan)
    .map((r) => Object.values(r)[0])
    .join('\n'),
};

const app = await buildApp(deps);
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(
  JSON.stringify({
    port: (app.server.address() as { port: number }).port,
    companyId,
    typeId,
    clientId: clientIds[0],
    owner: { username: owner.username, token: await session(owner.id) },
    tech: { username: tech.username, token: await session(tech.id), id: tech.id },
    kind: deps.database.kind,
    seedSeconds,
    inProcess,
  }),
);
process.on('SIGTERM', () => {
  void app.close().then(async () => {
    await deps.database.close();
    deps.release();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
});
