import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { isUuid } from './access.js';
import { resolveSession } from './auth.js';
import type { AppDeps } from './deps.js';
import { findMember } from './sessions.repo.js';

/** The room of a company's connected browsers. */
export const companyRoom = (companyId: string) => `company:${companyId}`;

type Ack = (answer: { ok: true } | { error: string }) => void;

/**
 * `joinCompany` (companyId, ack): the browser asks for the pushes of the
 * company it works in. Only an active member may join; a socket is in one
 * company room at a time (the app works inside one chosen company).
 */
function onJoinCompany(socket: Socket, deps: AppDeps) {
  socket.on('joinCompany', async (companyId: unknown, ack: unknown) => {
    const answer: Ack = typeof ack === 'function' ? (ack as Ack) : () => {};
    try {
      const userId = socket.data.userId as string;
      const id = isUuid(companyId) ? companyId.toLowerCase() : null;
      const member = id ? await findMember(deps.database.db, id, userId) : null;
      // Same answer for "no such company" and "not yours": never reveal that it exists.
      if (!id || !member) return answer({ error: 'Company not found' });
      if (member.disabled) return answer({ error: 'Your access to this company is disabled' });
      for (const room of socket.rooms)
        if (room.startsWith('company:') && room !== companyRoom(id)) await socket.leave(room);
      await socket.join(companyRoom(id));
      answer({ ok: true });
    } catch {
      answer({ error: 'Something went wrong on our side; please try again.' });
    }
  });
}

/**
 * socket.io on the API's own server. A browser connects with its username and
 * token; it joins a room of its own so pushes reach the user on any tab, and
 * the room of its company after `joinCompany`. Company events from services
 * and workers (deps.events) go to that company's room.
 */
export function attachRealtime(server: HttpServer, deps: AppDeps): Server {
  const io = new Server(server, { serveClient: false, cors: { origin: false } });
  io.use((socket, next) => {
    const { username, token } = (socket.handshake.auth ?? {}) as {
      username?: unknown;
      token?: unknown;
    };
    if (typeof username !== 'string' || typeof token !== 'string')
      return next(new Error('Please sign in'));
    resolveSession(deps, token, username.toLowerCase())
      .then((user) => {
        if (!user) return next(new Error('Please sign in'));
        socket.data.userId = user.id;
        void socket.join(`user:${user.id}`);
        next();
      })
      .catch(next);
  });
  io.on('connection', (socket) => onJoinCompany(socket, deps));
  deps.events.on((e) => io.to(companyRoom(e.companyId)).emit(e.name, { ids: e.ids }));
  return io;
}
