import type { Server, Socket } from 'socket.io';
import { isUuid, loadMember } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import type { CompanyEvent } from '../../platform/events.js';
import { companyRoom } from '../../platform/realtime.js';
import { presentMessage } from './chat.present.js';
import * as repo from './chat.repo.js';

type Deps = Pick<AppDeps, 'database' | 'caches' | 'events'>;

/** The ids of the user's rooms in the company, as `yourRooms` tells the browser. */
async function yourRooms(deps: Deps, socket: Socket, companyId: string): Promise<void> {
  const rows = await repo.roomsOf(deps.database.db, companyId, socket.data.userId as string);
  socket.emit('yourRooms', { companyId, rooms: rows.map((r) => r.room.id) });
}

/**
 * `subscribeRooms` (companyId): after `joinCompany`, the browser asks for its
 * rooms; an active member gets `yourRooms`. The pushes themselves go by the
 * company room the socket joined, to the room's members only.
 */
function onSubscribe(socket: Socket, deps: Deps) {
  socket.on('subscribeRooms', async (companyId: unknown) => {
    try {
      if (!isUuid(companyId)) return;
      const id = companyId.toLowerCase();
      const member = await loadMember(deps, id, socket.data.userId as string);
      if (!member || member.disabled || member.needsTwoFactor) return;
      await yourRooms(deps, socket, id);
    } catch (e) {
      console.error(`chat: could not list rooms (${(e as Error).message})`);
    }
  });
}

/**
 * Delivers one chat event (from this process or another, through the events
 * bridge) to this process's sockets: the message, read from the database
 * here so a notice stays small, goes to sockets of the room's active members
 * in the company's room; a disabled or removed member gets nothing (the
 * member list is read now, not cached).
 */
async function deliver(io: Server, deps: Deps, e: CompanyEvent): Promise<void> {
  const sockets = await io.in(companyRoom(e.companyId)).fetchSockets();
  if (sockets.length === 0) return;
  const db = deps.database.db;
  for (const id of e.ids) {
    if (e.name === 'chatMessage') {
      const m = await repo.findMessage(db, e.companyId, id);
      if (!m) continue;
      const members = new Set((await repo.membersOf(db, e.companyId, [m.roomId])).map((u) => u.id));
      const push = presentMessage(m);
      for (const s of sockets)
        if (members.has(s.data.userId as string)) s.emit('chat message', push);
    } else {
      const members = new Set((await repo.membersOf(db, e.companyId, [id])).map((u) => u.id));
      for (const s of sockets)
        if (members.has(s.data.userId as string))
          s.emit('yourRooms', { companyId: e.companyId, rooms: [id] });
    }
  }
}

/** Chat on the realtime server: `subscribeRooms`, and `chat message` / `yourRooms` pushes. */
export function attachChatRealtime(io: Server, deps: Deps): () => void {
  io.on('connection', (socket) => onSubscribe(socket, deps));
  return deps.events.on((e) => {
    if (e.name !== 'chatMessage' && e.name !== 'chatRooms') return;
    deliver(io, deps, e).catch((err: Error) =>
      console.error(`chat: could not push (${err.message})`),
    );
  });
}
