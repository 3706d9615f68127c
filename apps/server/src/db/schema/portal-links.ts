import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { clients } from './clients.js';
import { companies } from './companies.js';

/**
 * Links to the client portal (DECISIONS §16, docs/portal.md): one client of
 * one company per link. The token (256 random bits) is stored as its SHA-256
 * and sealed with the server's key (AES-256-GCM), so the table read alone
 * opens no portal. A link works until
 * `expiresAt` (the company's `portalLinkDays` after it was made) unless
 * `revokedAt` is set; making a new link for the client revokes the others.
 */
export const portalLinks = pgTable(
  'portal_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').notNull(),
    /**
     * The token sealed with the server's key (AES-256-GCM), so invoice and
     * quote mails can carry the working link again; null for links made
     * before (migration 0032), which a mail replaces.
     */
    sealedToken: text('sealed_token'),
    /** Made by a document mail (no one asked): not counted as the client's own renewals. */
    madeForMail: boolean('made_for_mail').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who made it; null when the client asked for a fresh one themselves. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('portal_links_token_uq').on(t.tokenHash),
    index('portal_links_client_idx').on(t.companyId, t.clientId),
  ],
);
