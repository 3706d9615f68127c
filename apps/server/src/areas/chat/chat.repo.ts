import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  chatMessages,
  chatRoomMembers,
  chatRooms,
  companyMembers,
  users,
} from '../../db/schema/index.js';

export type RoomRow = typeof chatRooms.$inferSelect;
export interface UserRow {
  id: string;
  username: string;
  name: string;
  surname: string;
}
export interface MessageRow {
  id: string;
  seq: number;
  roomId: string;
  text: string;
  createdAt: Date;
  user: UserRow | null;
}

/** A member of the company who is not disabled (only they can be in its rooms). */
const activeMember = (companyId: string) =>
  and(
    eq(companyMembers.companyId, companyId),
    eq(companyMembers.userId, chatRoomMembers.userId),
    eq(companyMembers.disabled, false),
  );

/**
 * The company of a room the user is in: the one lookup that starts without a
 * company (`/rooms/{id}` names only the room), scoped to the caller instead.
 */
export async function roomCompanyForUser(
  db: Tx,
  roomId: string,
  userId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ companyId: chatRoomMembers.companyId })
    .from(chatRoomMembers)
    .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, userId)))
    .limit(1);
  return row?.companyId ?? null;
}

/** Of these users, those who are active members of the company. */
export async function activeMembers(
  db: Tx,
  companyId: string,
  userIds: string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        inArray(companyMembers.userId, userIds),
        eq(companyMembers.disabled, false),
      ),
    );
  return rows.map((r) => r.userId);
}

export async function findRoomByMembers(db: Tx, companyId: string, memberKey: string) {
  const [row] = await db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.companyId, companyId), eq(chatRooms.memberKey, memberKey)))
    .limit(1);
  return row ?? null;
}

/** A new room with its members; null when the same members made one meanwhile. */
export async function insertRoom(
  db: Tx,
  companyId: string,
  r: { chatName: string | null; memberKey: string; createdBy: string; userIds: string[] },
): Promise<string | null> {
  const [row] = await db
    .insert(chatRooms)
    .values({ companyId, chatName: r.chatName, memberKey: r.memberKey, createdBy: r.createdBy })
    .onConflictDoNothing()
    .returning({ id: chatRooms.id });
  if (!row) return null;
  await db
    .insert(chatRoomMembers)
    .values(r.userIds.map((userId) => ({ roomId: row.id, companyId, userId })));
  return row.id;
}

/** Puts these users (back) in a room of the company: those removed from it and since returned. */
export async function addMembers(db: Tx, companyId: string, roomId: string, userIds: string[]) {
  await db
    .insert(chatRoomMembers)
    .values(userIds.map((userId) => ({ roomId, companyId, userId })))
    .onConflictDoNothing();
}

/** The rooms of the user in the company, each with its active members. */
export async function roomsOf(db: Tx, companyId: string, userId: string, roomId?: string) {
  const mine = await db
    .select({ room: chatRooms, lastReadSeq: chatRoomMembers.lastReadSeq })
    .from(chatRoomMembers)
    .innerJoin(chatRooms, eq(chatRooms.id, chatRoomMembers.roomId))
    .where(
      and(
        eq(chatRoomMembers.companyId, companyId),
        eq(chatRoomMembers.userId, userId),
        roomId ? eq(chatRoomMembers.roomId, roomId) : undefined,
      ),
    );
  return mine;
}

/** The active members of these rooms of the company. */
export async function membersOf(db: Tx, companyId: string, roomIds: string[]) {
  if (roomIds.length === 0) return [];
  return db
    .select({
      roomId: chatRoomMembers.roomId,
      id: users.id,
      username: users.username,
      name: users.name,
      surname: users.surname,
    })
    .from(chatRoomMembers)
    .innerJoin(companyMembers, activeMember(companyId))
    .innerJoin(users, eq(users.id, chatRoomMembers.userId))
    .where(and(eq(chatRoomMembers.companyId, companyId), inArray(chatRoomMembers.roomId, roomIds)))
    .orderBy(asc(users.name), asc(users.surname), asc(users.username));
}

/** Per room: the messages from others after the user's last read. */
export async function unreadCounts(db: Tx, companyId: string, userId: string) {
  const rows = await db
    .select({ roomId: chatRoomMembers.roomId, unread: sql<number>`count(${chatMessages.id})::int` })
    .from(chatRoomMembers)
    .innerJoin(
      chatMessages,
      and(
        eq(chatMessages.roomId, chatRoomMembers.roomId),
        gt(chatMessages.seq, chatRoomMembers.lastReadSeq),
        // A message of an account since deleted (no user) still counts.
        sql`${chatMessages.userId} is distinct from ${userId}`,
      ),
    )
    .where(and(eq(chatRoomMembers.companyId, companyId), eq(chatRoomMembers.userId, userId)))
    .groupBy(chatRoomMembers.roomId);
  return new Map(rows.map((r) => [r.roomId, r.unread]));
}

const messageColumns = {
  id: chatMessages.id,
  seq: chatMessages.seq,
  roomId: chatMessages.roomId,
  text: chatMessages.text,
  createdAt: chatMessages.createdAt,
  userId: users.id,
  username: users.username,
  name: users.name,
  surname: users.surname,
};

type Joined = {
  id: string;
  seq: number;
  roomId: string;
  text: string;
  createdAt: Date;
  userId: string | null;
  username: string | null;
  name: string | null;
  surname: string | null;
};
const toMessage = (r: Joined): MessageRow => ({
  id: r.id,
  seq: r.seq,
  roomId: r.roomId,
  text: r.text,
  createdAt: r.createdAt,
  user: r.userId
    ? { id: r.userId, username: r.username!, name: r.name!, surname: r.surname! }
    : null,
});

/** The newest message of each of these rooms. */
export async function lastMessages(db: Tx, companyId: string, roomIds: string[]) {
  if (roomIds.length === 0) return new Map<string, MessageRow>();
  const rows = await db
    .selectDistinctOn([chatMessages.roomId], messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .where(and(eq(chatMessages.companyId, companyId), inArray(chatMessages.roomId, roomIds)))
    .orderBy(chatMessages.roomId, desc(chatMessages.seq));
  return new Map(rows.map((r) => [r.roomId, toMessage(r)]));
}

/** The seq of a message of the room (a page's cursor); null when it is not the room's. */
export async function messageSeq(db: Tx, companyId: string, roomId: string, messageId: string) {
  const [row] = await db
    .select({ seq: chatMessages.seq })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.companyId, companyId),
        eq(chatMessages.roomId, roomId),
        eq(chatMessages.id, messageId),
      ),
    )
    .limit(1);
  return row?.seq ?? null;
}

/** Up to `limit` messages before `beforeSeq` (all when null), newest first. */
export async function pageOfMessages(
  db: Tx,
  companyId: string,
  roomId: string,
  beforeSeq: number | null,
  limit: number,
): Promise<MessageRow[]> {
  const rows = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .where(
      and(
        eq(chatMessages.companyId, companyId),
        eq(chatMessages.roomId, roomId),
        beforeSeq === null ? undefined : lt(chatMessages.seq, beforeSeq),
      ),
    )
    .orderBy(desc(chatMessages.seq))
    .limit(limit);
  return rows.map(toMessage);
}

export async function findMessage(db: Tx, companyId: string, messageId: string) {
  const [row] = await db
    .select(messageColumns)
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId))
    .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.id, messageId)))
    .limit(1);
  return row ? toMessage(row) : null;
}

export async function insertMessage(
  db: Tx,
  companyId: string,
  m: { roomId: string; userId: string; text: string },
): Promise<{ id: string; seq: number }> {
  const [row] = await db
    .insert(chatMessages)
    .values({ companyId, roomId: m.roomId, userId: m.userId, text: m.text })
    .returning({ id: chatMessages.id, seq: chatMessages.seq });
  return row!;
}

/** Marks the room read up to `seq` (never backwards). */
export async function markRead(
  db: Tx,
  companyId: string,
  roomId: string,
  userId: string,
  seq: number,
): Promise<void> {
  await db
    .update(chatRoomMembers)
    .set({ lastReadSeq: sql`greatest(${chatRoomMembers.lastReadSeq}, ${seq})` })
    .where(
      and(
        eq(chatRoomMembers.companyId, companyId),
        eq(chatRoomMembers.roomId, roomId),
        eq(chatRoomMembers.userId, userId),
      ),
    );
}

/** The newest seq of the room (0 when empty). */
export async function newestSeq(db: Tx, companyId: string, roomId: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number>`coalesce(max(${chatMessages.seq}), 0)::bigint` })
    .from(chatMessages)
    .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.roomId, roomId)));
  return Number(row?.seq ?? 0);
}
