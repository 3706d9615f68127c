import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies, companyGroups } from './companies.js';

// The auth area's tables: accounts, their e-mailed tokens, browsers' error
// reports, and the invitations to a company.

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-case; unique. */
  username: text('username').notNull().unique(),
  /** The address mail goes to; it counts for Apple sign-in only once proved (DECISIONS §2). */
  email: text('email').notNull(),
  /** Proved by activation, a reset, an e-mail confirmation link or an invitation link. */
  emailProved: boolean('email_proved').notNull().default(false),
  name: text('name').notNull().default(''),
  surname: text('surname').notNull().default(''),
  /** argon2id PHC string; null for accounts that can only sign in by link or Apple. */
  passwordHash: text('password_hash'),
  rank: text('rank'),
  active: boolean('active').notNull().default(false),
  appleSub: text('apple_sub').unique(),
  profilePicture: uuid('profile_picture'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Two-factor sign-in (docs/auth.md "Two-factor sign-in"): the TOTP secret,
   * sealed with the server's key; on since `totpEnabledAt`. `totpPending` is
   * a secret being set up, until a code from it turns it on.
   */
  totpSecret: text('totp_secret'),
  totpPending: text('totp_pending'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The last 30-second step a code was taken for: no code is taken twice. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
});

/** A user's backup codes for two-factor sign-in: stored as SHA-256, each usable once. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('backup_codes_user_idx').on(t.userId)],
);

/**
 * What happened to an account's sign-in (two-factor on, off, reset by a
 * super, a backup code used): the user sees them on their profile.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    ip: text('ip').notNull().default(''),
    /** Who did it when it was not the user (a super's reset). */
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The order of writing: two events of one change can share a clock reading (PGlite's is coarse). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Single-use tokens sent by e-mail: activation, password reset, sign-in link
 * (only links sent before invitations had their own table), and the
 * confirmation of a new e-mail address (`email` holds that address).
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: [
        'activate',
        'reset',
        'login',
        'email',
        'second-factor',
        'passkey-register',
        'passkey-confirm',
      ],
    }).notNull(),
    email: text('email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * A user's passkeys (WebAuthn credentials, docs/auth.md "Passkeys"): the
 * credential id and COSE public key as base64url, the signature counter last
 * seen (a lower one is a cloned authenticator), how the browser reaches it.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_idx').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * The challenges of passwordless passkey sign-ins, which belong to no user
 * yet (the others are `user_tokens`): stored as SHA-256, single use, five
 * minutes.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challengeHash: text('challenge_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('passkey_challenges_expires_idx').on(t.expiresAt)],
);

/** Errors reported by browsers (`POST /error`). */
export const errorLogs = pgTable('error_logs', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id'),
  ip: text('ip'),
  message: text('message').notNull(),
  stack: text('stack'),
  url: text('url'),
  info: jsonb('info'),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * An invitation to a company, bound to its link (DECISIONS §2): whoever opens
 * the link joins, signed in or by creating their account there. The token is
 * stored only as a SHA-256 hash; `email` is where the link was sent.
 */
export const invitations = pgTable(
  'invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => companyGroups.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    surname: text('surname').notNull().default(''),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitations_company_idx').on(t.companyId)],
);
