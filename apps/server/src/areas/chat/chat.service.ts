import {
  CHAT_PAGE,
  type TChatPost,
  type TChatRoom,
  type TConversationQuery,
  type TRoomInitiate,
} from '@fieldbook/core';
import { TWO_FACTOR_REQUIRED, loadMember } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, forbidden, notFound } from '../../platform/errors.js';
import { KeyedLimiter } from '../../platform/rate-limit.js';
import { presentMessage, presentRoom } from './chat.present.js';
import * as repo from './chat.repo.js';

export type ChatService = ReturnType<typeof createChatService>;

/** Messages one user may post per minute, over all rooms (a stuck key or a script). */
export const CHAT_POSTS_PER_MINUTE = 60;

const roomGone = () => notFound('Room not found');

/**
 * Chat rooms of a company's members (the dashboard's Contacts). Only active
 * members are in a room: removal from the company deletes their place, a
 * disabled member is left out of every answer and push until enabled again.
 */
export function createChatService(deps: Pick<AppDeps, 'database' | 'caches' | 'events'>) {
  const db = deps.database.db;
  const posts = new KeyedLimiter(CHAT_POSTS_PER_MINUTE, 60_000);

  /** The company of a room the caller is in and still may use (404 otherwise, 403 when disabled). */
  async function roomOf(userId: string, roomId: string): Promise<string> {
    const companyId = await repo.roomCompanyForUser(db, roomId, userId);
    if (!companyId) throw roomGone();
    const member = await loadMember(deps, companyId, userId);
    if (!member) throw roomGone();
    if (member.disabled) throw forbidden('Your access to this company is disabled');
    if (member.needsTwoFactor) throw forbidden(TWO_FACTOR_REQUIRED);
    return companyId;
  }

  async function rooms(companyId: string, userId: string, roomId?: string): Promise<TChatRoom[]> {
    const mine = await repo.roomsOf(db, companyId, userId, roomId);
    const ids = mine.map((r) => r.room.id);
    const [members, last, unread] = await Promise.all([
      repo.membersOf(db, companyId, ids),
      repo.lastMessages(db, companyId, ids),
      repo.unreadCounts(db, companyId, userId),
    ]);
    const out = mine.map(({ room }) =>
      presentRoom(
        room,
        members.filter((m) => m.roomId === room.id),
        last.get(room.id),
        unread.get(room.id) ?? 0,
      ),
    );
    // The latest conversation first.
    const at = (r: TChatRoom) =>
      r.lastMessage?.createdAt ??
      mine.find((m) => m.room.id === r._id)!.room.createdAt.toISOString();
    return out.sort((a, b) => at(b).localeCompare(at(a)));
  }

  return {
    async list(companyId: string, userId: string) {
      return { success: true as const, rooms: await rooms(companyId, userId), error: null };
    },

    /** The room of exactly these members (the caller included), made when there is none. */
    async initiate(companyId: string, userId: string, b: TRoomInitiate) {
      const others = [...new Set(b.userIds.map((id) => id.toLowerCase()))].filter(
        (id) => id !== userId,
      );
      if (others.length === 0) throw badField('userIds', 'pick at least one colleague');
      const active = await repo.activeMembers(db, companyId, others);
      // A user of another company, a disabled member and no user at all answer alike.
      if (active.length !== others.length) throw notFound('User not found');
      const userIds = [userId, ...others];
      const memberKey = [...userIds].sort().join(',');
      let room = await repo.findRoomByMembers(db, companyId, memberKey);
      if (!room) {
        const id = await db.transaction((tx) =>
          repo.insertRoom(tx, companyId, {
            chatName: b.chatName?.trim() || null,
            memberKey,
            createdBy: userId,
            userIds,
          }),
        );
        room = await repo.findRoomByMembers(db, companyId, memberKey);
        if (id) deps.events.emit({ companyId, name: 'chatRooms', ids: [id] });
      }
      if (!room) throw roomGone();
      // A member removed from the company lost their place; back in it, they get it again.
      await repo.addMembers(db, companyId, room.id, userIds);
      const [chatRoom] = await rooms(companyId, userId, room.id);
      if (!chatRoom) throw roomGone();
      return { success: true as const, chatRoom };
    },

    /** A page of the conversation, oldest first; `before` pages back from a message. */
    async conversation(userId: string, roomId: string, q: TConversationQuery) {
      const companyId = await roomOf(userId, roomId);
      const [room] = await rooms(companyId, userId, roomId);
      if (!room) throw roomGone();
      let beforeSeq: number | null = null;
      if (q.before) {
        beforeSeq = await repo.messageSeq(db, companyId, roomId, q.before.toLowerCase());
        if (beforeSeq === null) throw badField('before', 'is not a message of this room');
      }
      const limit = q.limit ?? CHAT_PAGE;
      const page = await repo.pageOfMessages(db, companyId, roomId, beforeSeq, limit + 1);
      const messages = page.slice(0, limit).reverse().map(presentMessage);
      return {
        success: true as const,
        conversation: { ...room, messages, hasMore: page.length > limit },
      };
    },

    async post(userId: string, roomId: string, b: TChatPost) {
      const companyId = await roomOf(userId, roomId);
      if (!posts.hit(userId))
        throw new HttpError(429, 'Too many messages; please wait a moment and send again');
      const saved = await repo.insertMessage(db, companyId, { roomId, userId, text: b.text });
      // What one writes oneself is read.
      await repo.markRead(db, companyId, roomId, userId, saved.seq);
      const message = await repo.findMessage(db, companyId, saved.id);
      deps.events.emit({ companyId, name: 'chatMessage', ids: [saved.id] });
      return { success: true as const, message: presentMessage(message!) };
    },

    /** Everything in the room so far is read by the caller. */
    async read(userId: string, roomId: string) {
      const companyId = await roomOf(userId, roomId);
      await repo.markRead(
        db,
        companyId,
        roomId,
        userId,
        await repo.newestSeq(db, companyId, roomId),
      );
      const unread = await repo.unreadCounts(db, companyId, userId);
      return { success: true as const, unread: [...unread.values()].reduce((a, n) => a + n, 0) };
    },
  };
}
