import { sql } from 'drizzle-orm';
import type { GroupRights } from '@fieldbook/core';
import {
  bigserial,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies, companyMembers } from './companies.js';

// The platform's tables: the sessions and API tokens every request checks, the durable queue,
// and the idempotency keys of replayed changes.

/** Session tokens, stored only as SHA-256 hashes. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The durable queue (e-mail sends, monthly statements, job automations). A
 * worker claims due rows with `FOR UPDATE SKIP LOCKED` and holds them for a
 * lease; a queued task whose lease ran out (its process died) is claimed again.
 * `dedupeKey` makes an enqueue idempotent (one statement per client and month).
 * Named `queue_jobs` so that "job" alone means a field job (`appointments`).
 */
export const queueJobs = pgTable(
  'queue_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dedupeKey: text('dedupe_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** 'queued' | 'done' | 'failed' */
    state: text('state', { enum: ['queued', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The id of the HTTP request that enqueued it (its log lines carry it; docs/deploy.md). */
    requestId: text('request_id'),
  },
  (t) => [
    index('queue_jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} = 'queued'`),
    // The fair claim's bounded reads (platform/queue.repo.ts, claimQueued): each
    // company's due rows in order, and its running ones counted.
    index('queue_jobs_company_due_idx')
      .on(t.companyId, t.runAt, t.id)
      .where(sql`${t.state} = 'queued'`),
    index('queue_jobs_running_idx')
      .on(t.companyId)
      .where(sql`${t.state} = 'queued' and ${t.lockedUntil} is not null`),
    uniqueIndex('queue_jobs_dedupe_uq')
      .on(t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * API tokens (docs/api.md, DECISIONS §17): a user's token for one company,
 * stored only as its SHA-256 hash, with the rights it narrows the member to.
 * It belongs to the membership: removing the member from the company deletes
 * it (the foreign key), and a member's lost right is lost by the token at once
 * (the rights are intersected with the member's own at every request).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, shown in the list to tell tokens apart. */
    prefix: text('prefix').notNull(),
    rights: jsonb('rights').$type<GroupRights>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_uq').on(t.tokenHash),
    index('api_tokens_member_idx').on(t.companyId, t.userId),
    foreignKey({
      columns: [t.companyId, t.userId],
      foreignColumns: [companyMembers.companyId, companyMembers.userId],
      name: 'api_tokens_member_fk',
    }).onDelete('cascade'),
  ],
);

/**
 * Idempotency keys (docs/offline.md, DECISIONS §18): a change's key per
 * company and user, stored with its answer in the change's own transaction,
 * so a replay of the key is answered the stored answer and changes nothing.
 * `requestHash` is the request's fingerprint (another request with the key is
 * a 422). Kept IDEMPOTENCY_KEEP_DAYS days (pruned per company by age).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    answer: jsonb('answer').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.key], name: 'idempotency_keys_pk' }),
    index('idempotency_keys_age_idx').on(t.companyId, t.createdAt),
  ],
);
