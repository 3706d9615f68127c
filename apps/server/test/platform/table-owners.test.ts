import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC, TABLES, scanWrites, writesIn } from '../support/table-writers.js';

/**
 * One writing area per table (docs/architecture.md, "One writer per table"):
 * each table is inserted, updated and deleted by its owner only; any other
 * area asks the owner through its face (`index.ts`). `platform` owns the
 * tables the platform runs on (sessions, the queue). The backup and restore
 * tools (cli/) copy the database wholesale with pg_dump / PGlite's dump, and
 * the demo seed goes through the areas' services: neither writes a table itself.
 */
const OWNER: Record<string, string> = {
  users: 'auth',
  backup_codes: 'auth',
  passkeys: 'auth',
  passkey_challenges: 'auth',
  security_events: 'auth',
  user_tokens: 'auth',
  error_logs: 'auth',
  invitations: 'auth',
  sessions: 'platform',
  api_tokens: 'platform',
  queue_jobs: 'platform',
  idempotency_keys: 'platform',
  companies: 'companies',
  company_groups: 'companies',
  company_members: 'companies',
  people: 'people',
  files: 'files',
  client_types: 'clients',
  clients: 'clients',
  client_documents: 'clients',
  suppliers: 'suppliers',
  items: 'items',
  invoices: 'invoices',
  number_counters: 'invoices',
  payments: 'payments',
  credit_notes: 'invoices',
  credit_note_refunds: 'invoices',
  send_counts: 'delivery',
  expenses: 'expenses',
  incidents: 'incidents',
  templates: 'templates',
  template_images: 'templates',
  appointment_types: 'jobs',
  appointments: 'jobs',
  job_comments: 'jobs',
  // Written by the database's triggers (migration 0022); the jobs area reads and prunes it.
  card_changes: 'jobs',
  calendar_feeds: 'calendar-feeds',
  recurring_items: 'recurring',
  recurring_runs: 'recurring',
  ledger_accounts: 'accounting',
  account_items: 'accounting',
  chat_rooms: 'chat',
  chat_room_members: 'chat',
  chat_messages: 'chat',
  task_coupons: 'tasks',
  cars: 'vehicles',
  log_book_trips: 'vehicles',
  notifications: 'notifications',
  notification_settings: 'notifications',
  portal_links: 'portal-links',
  webhook_endpoints: 'webhooks',
  webhook_deliveries: 'webhooks',
};

const writes = scanWrites();

describe('one writing area per table', () => {
  it('names an owner for every table of the schema, and only those', () => {
    expect(Object.keys(OWNER).sort()).toEqual([...new Set(TABLES.values())].sort());
  });

  it('writes every table only in its owning area', () => {
    const strays = writes
      .filter((w) => w.writer !== OWNER[w.table])
      .map((w) => `${w.table} (owner ${OWNER[w.table] ?? '?'}): ${w.how} in ${w.file}:${w.line}`);
    expect(strays).toEqual([]);
  });

  it('has every owner write its tables', () => {
    const by = (t: string) => new Set(writes.filter((w) => w.table === t).map((w) => w.writer));
    expect(Object.keys(OWNER).filter((t) => !by(t).has(OWNER[t]!))).toEqual([]);
  });

  it('keeps each table in the schema file named for its owner', () => {
    const dir = path.join(SRC, 'db/schema');
    const misplaced = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        [...readFileSync(path.join(dir, f), 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g)]
          .map((m) => m[1]!)
          .filter((t) => `${OWNER[t]}.ts` !== f)
          .map((t) => `${t} in ${f}, owner ${OWNER[t] ?? '?'}`),
      );
    expect(misplaced).toEqual([]);
  });
});

describe('the write scan', () => {
  const file = 'areas/jobs/x.repo.ts';
  const found = (code: string) => writesIn(file, code).map((w) => `${w.table} ${w.how}`);

  it('finds Drizzle writes through plain, aliased and namespace imports, across lines', () => {
    const code = [
      "import { invoices, clients as c } from '../../../db/schema/index.js';",
      "import * as s from '../../../db/schema/index.js';",
      'await db.insert(invoices).values(v);',
      'await tx\n  .update(\n    c,\n  )\n  .set(v);',
      'await db.delete(s.companyMembers).where(w);',
    ].join('\n');
    expect(found(code)).toEqual(['invoices insert', 'clients update', 'company_members delete']);
  });

  it('finds raw SQL writes, and not the words in comments or prose', () => {
    const code = [
      'await db.execute(sql`INSERT INTO "invoices" (id) values (1)`);',
      "await client.query('update public.clients set name = $1');",
      'await db.execute(sql`delete from  company_members where true`);',
      '// insert into invoices: a comment',
      "const s = 'please update invoices soon';",
    ].join('\n');
    expect(found(code)).toEqual([
      'invoices sql insert into',
      'clients sql update',
      'company_members sql delete from',
    ]);
  });

  it('reports a write it cannot tie to a table in a file that uses the database', () => {
    const code = "import { eq } from 'drizzle-orm';\nawait db.update(someTable).set(v);\n";
    expect(found(code)).toEqual(['?someTable update']);
    expect(found('cache.delete(key);\n')).toEqual([]);
  });

  it('counts a file as its area, or platform, seed or cli', () => {
    const w = (f: string) =>
      writesIn(f, "import { users } from '../../db/schema/index.js';\ndb.insert(users);")[0]!
        .writer;
    expect(w('areas/auth/auth.repo.ts')).toBe('auth');
    expect(w('areas/templates/builtin/x.repo.ts')).toBe('templates');
    expect(w('platform/x.repo.ts')).toBe('platform');
    expect(w('seed/x.repo.ts')).toBe('seed');
  });
});
