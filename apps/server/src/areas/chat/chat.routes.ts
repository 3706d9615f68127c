import { z } from 'zod';
import {
  ZChatPost,
  ZConversationAnswer,
  ZConversationQuery,
  ZInitiateAnswer,
  ZPostAnswer,
  ZReadAnswer,
  ZRoomInitiate,
  ZRoomsAnswer,
  ZRoomsQuery,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { ChatService } from './chat.service.js';

const id = z.object({ id: z.string() });
const tags = ['chat'];

/**
 * The chat calls as the specification writes them, at the top level. Any
 * active member of the company may chat (no rights area), signed in: a
 * person's conversation, never an API token's (docs/api.md); a room's calls
 * name only the room, so the service finds its company and checks that the
 * caller is in the room and still an active member (404 / 403 otherwise).
 */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.get('/api/rooms', {
    config: { access: access.sessionMember('query.companyId') },
    schema: { tags, querystring: ZRoomsQuery, response: { 200: ZRoomsAnswer } },
    handler: (req) => chat.list(req.company!.id, req.user!.id),
  });

  app.post('/api/rooms/initiate', {
    config: { access: access.sessionMember('body.companyId') },
    schema: {
      tags,
      description:
        'The room of the caller and userIds (active members of the company); the same members get their existing room back.',
      body: ZRoomInitiate,
      response: { 200: ZInitiateAnswer },
    },
    handler: (req) => chat.initiate(req.company!.id, req.user!.id, req.body),
  });

  app.get('/api/rooms/:id', {
    config: { access: access.user },
    schema: {
      tags,
      description: 'Messages oldest first; `before` (a message id) pages back.',
      params: id,
      querystring: ZConversationQuery,
      response: { 200: ZConversationAnswer },
    },
    handler: (req) => chat.conversation(req.user!.id, req.params.id.toLowerCase(), req.query),
  });

  app.post('/api/rooms/:id/message', {
    config: { access: access.user },
    schema: { tags, params: id, body: ZChatPost, response: { 200: ZPostAnswer } },
    handler: (req) => chat.post(req.user!.id, req.params.id.toLowerCase(), req.body),
  });

  app.post('/api/rooms/:id/read', {
    config: { access: access.user },
    schema: {
      tags,
      description: "Marks the room read to its newest message; answers the caller's unread total.",
      params: id,
      response: { 200: ZReadAnswer },
    },
    handler: (req) => chat.read(req.user!.id, req.params.id.toLowerCase()),
  });
};
