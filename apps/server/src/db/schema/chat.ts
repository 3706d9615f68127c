import {
  bigint,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies, companyMembers } from './companies.js';

/**
 * A chat room of a company's members (the dashboard's Contacts). `memberKey`
 * is the sorted ids of the members it was started with, so the same members
 * asking again get this room back (one per company and member set).
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    chatName: text('chat_name'),
    memberKey: text('member_key').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chat_rooms_members_uq').on(t.companyId, t.memberKey)],
);

/**
 * Who is in a room, and how far they have read (`lastReadSeq`: unread is what
 * came after it from others). Tied to the company membership: removing a
 * member from the company removes them from its rooms.
 */
export const chatRoomMembers = pgTable(
  'chat_room_members',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    foreignKey({
      columns: [t.companyId, t.userId],
      foreignColumns: [companyMembers.companyId, companyMembers.userId],
      name: 'chat_room_members_member_fk',
    }).onDelete('cascade'),
    index('chat_room_members_user_idx').on(t.companyId, t.userId),
  ],
);

/** A message; `seq` orders a room's history and pages it. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_messages_room_seq_idx').on(t.roomId, t.seq)],
);
