import { z } from 'zod';

/** The longest chat message, in characters. */
export const CHAT_TEXT_MAX = 5000;
/** The most colleagues one room may hold besides its starter. */
export const CHAT_MEMBERS_MAX = 50;
/** How many messages a page of a conversation holds (default and most). */
export const CHAT_PAGE = 50;
export const CHAT_PAGE_MAX = 200;

const uuid = z.uuid('must be an id');

/** `GET /rooms?companyId=`: the caller's rooms in that company. */
export const ZRoomsQuery = z.object({ companyId: z.string().max(64) });

/** `POST /rooms/initiate`: a room with these colleagues (the caller is always in it). */
export const ZRoomInitiate = z.object({
  companyId: z.string().max(64),
  /** Accepted for the specification's shape; the server chooses room ids. */
  roomId: uuid.nullable().optional(),
  userIds: z
    .array(uuid)
    .min(1, 'pick at least one colleague')
    .max(CHAT_MEMBERS_MAX, `at most ${CHAT_MEMBERS_MAX} colleagues`),
  /** A group's name; left out or empty for none. */
  chatName: z.string().trim().max(100).nullable().optional(),
});
export type TRoomInitiate = z.infer<typeof ZRoomInitiate>;

/** `POST /rooms/{id}/message`. */
export const ZChatPost = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(CHAT_TEXT_MAX, `must be at most ${CHAT_TEXT_MAX} characters`),
});
export type TChatPost = z.infer<typeof ZChatPost>;

/** `GET /rooms/{id}?before=<message id>&limit=`: the page of messages older than `before`. */
export const ZConversationQuery = z.object({
  before: uuid.optional(),
  limit: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(CHAT_PAGE_MAX, `must be at most ${CHAT_PAGE_MAX}`)
    .optional(),
});
export type TConversationQuery = z.infer<typeof ZConversationQuery>;

export const ZChatUser = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  surname: z.string(),
});
export type TChatUser = z.infer<typeof ZChatUser>;

export const ZChatMessage = z.object({
  _id: z.string(),
  roomId: z.string(),
  /** The text. */
  message: z.string(),
  /** ISO 8601; shown as YYYY/MM/DD HH:mm. */
  createdAt: z.string(),
  /** The author; null once their account is gone. */
  user: ZChatUser.nullable(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

export const ZChatRoom = z.object({
  _id: z.string(),
  /** The company id. */
  company: z.string(),
  chatName: z.string().nullable(),
  /** Its members who are still active members of the company. */
  users: z.array(ZChatUser),
  lastMessage: ZChatMessage.nullable(),
  /** Messages from others after the caller's last read. */
  unread: z.number().int(),
});
export type TChatRoom = z.infer<typeof ZChatRoom>;

export const ZRoomsAnswer = z.object({
  success: z.literal(true),
  rooms: z.array(ZChatRoom),
  error: z.null(),
});
export type TRoomsAnswer = z.infer<typeof ZRoomsAnswer>;

export const ZConversationAnswer = z.object({
  success: z.literal(true),
  conversation: ZChatRoom.extend({
    /** Oldest first (newest at the bottom). */
    messages: z.array(ZChatMessage),
    /** Older messages exist before the first one. */
    hasMore: z.boolean(),
  }),
});
export type TConversationAnswer = z.infer<typeof ZConversationAnswer>;

export const ZInitiateAnswer = z.object({ success: z.literal(true), chatRoom: ZChatRoom });
export const ZPostAnswer = z.object({ success: z.literal(true), message: ZChatMessage });
export const ZReadAnswer = z.object({ success: z.literal(true), unread: z.number().int() });

/** `chat message` pushed to the members of a room (socket.io). */
export type TChatPush = TChatMessage;
