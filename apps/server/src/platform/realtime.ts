import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { can, type Area } from '@fieldbook/core';
import { TWO_FACTOR_REQUIRED, isUuid, loadMember } from './access.js';
import { IDLE_EXPIRY_MS, resolveSession } from './auth.js';
import type { AppDeps } from './deps.js';
import type { AccessEvent, CompanyEvent } from './events.js';
import { findMember, findSession } from './sessions.repo.js';

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
      // The session may have ended since the socket connected (a revocation missed or in flight).
      if (!(await sessionStands(socket, deps))) {
        answer({ error: 'Please sign in' });
        return void socket.disconnect(true);
      }
      const userId = socket.data.userId as string;
      const id = isUuid(companyId) ? companyId.toLowerCase() : null;
      const member = id ? await findMember(deps.database.db, id, userId) : null;
      // Same answer for "no such company" and "not yours": never reveal that it exists.
      if (!id || !member) return answer({ error: 'Company not found' });
      if (member.disabled) return answer({ error: 'Your access to this company is disabled' });
      if (member.needsTwoFactor) return answer({ error: TWO_FACTOR_REQUIRED });
      for (const room of socket.rooms)
        if (room.startsWith('company:') && room !== companyRoom(id)) await socket.leave(room);
      await socket.join(companyRoom(id));
      // A disable or removal that arrived between the check and the join skipped this
      // socket (it was not in the room yet): look again now that it is.
      const still = await findMember(deps.database.db, id, userId);
      if (!still || still.disabled) {
        await socket.leave(companyRoom(id));
        return answer({
          error: still ? 'Your access to this company is disabled' : 'Company not found',
        });
      }
      answer({ ok: true });
    } catch {
      answer({ error: 'Something went wrong on our side; please try again.' });
    }
  });
}

const companyOf = (socket: Socket) =>
  [...socket.rooms].find((r) => r.startsWith('company:'))?.slice('company:'.length) ?? null;

/** Whether the socket's session is still live (not revoked, not idle too long, user active). */
async function sessionStands(socket: Socket, deps: AppDeps): Promise<boolean> {
  const row = await findSession(deps.database.db, socket.data.tokenHash as string);
  return (
    !!row && !row.revokedAt && row.active && Date.now() - row.lastUsedAt.getTime() <= IDLE_EXPIRY_MS
  );
}

/** Whether the socket's session still stands, and its company room is still its own. */
async function recheck(socket: Socket, deps: AppDeps, session: boolean): Promise<void> {
  const db = deps.database.db;
  if (session && !(await sessionStands(socket, deps))) return void socket.disconnect(true);
  const companyId = companyOf(socket);
  if (!companyId) return;
  const member = await findMember(db, companyId, socket.data.userId as string);
  if (!member || member.disabled || member.needsTwoFactor)
    await socket.leave(companyRoom(companyId));
}

/**
 * A revocation or rights change (from this process or another): sockets of a
 * session that ended are disconnected; sockets of a member who lost the
 * company (disabled, removed) leave its room.
 */
function followAccess(io: Server, deps: AppDeps, e: AccessEvent): Promise<unknown> {
  const local = [...io.of('/').sockets.values()];
  if (e.kind === 'session') {
    for (const s of local) if (s.data.tokenHash === e.tokenHash) s.disconnect(true);
    return Promise.resolve();
  }
  if (e.kind === 'user') {
    for (const s of local) if (s.data.userId === e.userId) s.disconnect(true);
    return Promise.resolve();
  }
  const affected =
    e.kind === 'all'
      ? local
      : local.filter((s) =>
          e.kind === 'factors'
            ? s.data.userId === e.userId
            : companyOf(s) === e.companyId && (!e.userId || s.data.userId === e.userId),
        );
  return Promise.all(affected.map((s) => recheck(s, deps, e.kind === 'all')));
}

/** The company events this layer pushes itself (others by their area's own listener). */
const PUSHED_HERE = new Set<CompanyEvent['name']>([
  'updateActiveJobs',
  'invoicesChanged',
  'typesChanged',
]);

/** Up to this many changed jobs go one message each; more (the route planner's order) as one. */
export const JOB_PUSH_EACH = 20;

/**
 * Runs `send` for each of the company's sockets here whose member may read
 * `area`, judged now (from the membership cache that revocations clear), so a
 * member without the right, or who lost it, hears nothing of the area.
 */
async function pushToReaders(
  io: Server,
  deps: AppDeps,
  companyId: string,
  area: Area | ((member: Member) => boolean),
  send: (s: { emit(name: string, payload: unknown): unknown }) => void,
): Promise<void> {
  const may = typeof area === 'function' ? area : (m: Member) => can(m, area, 'r');
  const sockets = await io.in(companyRoom(companyId)).fetchSockets();
  await Promise.all(
    sockets.map(async (s) => {
      const member = await loadMember(deps, companyId, s.data.userId as string);
      if (may(member)) send(s);
    }),
  );
}

type Member = Awaited<ReturnType<typeof loadMember>>;

/** Who may read the appointment types (as GET /appointments/types): the board's or the designer's readers. */
const readsTypes = (m: Member) =>
  can(m, 'appointments', 'r') || can(m, 'settings', 'r') || can(m, 'settings', 'u');

/**
 * Job changes go as `updateActiveJobs` with `{ id }` per job (a few) or one
 * `{ ids }` (many) to members who may read appointments; type saves and
 * deletions as `typesChanged` `{ ids }` to members who may read types;
 * invoice changes as `invoicesChanged` `{ ids }` to members who may read invoices.
 */
function pushCompanyEvent(io: Server, deps: AppDeps, e: CompanyEvent): Promise<void> {
  if (e.name === 'typesChanged')
    return pushToReaders(io, deps, e.companyId, readsTypes, (s) =>
      s.emit('typesChanged', { ids: e.ids }),
    );
  if (e.name === 'updateActiveJobs')
    return pushToReaders(io, deps, e.companyId, 'appointments', (s) => {
      if (e.ids.length > JOB_PUSH_EACH) s.emit('updateActiveJobs', { ids: e.ids });
      else for (const id of e.ids) s.emit('updateActiveJobs', { id });
    });
  return pushToReaders(io, deps, e.companyId, 'invoices', (s) =>
    s.emit('invoicesChanged', { ids: e.ids }),
  );
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
        socket.data.tokenHash = user.tokenHash;
        void socket.join(`user:${user.id}`);
        next();
      })
      .catch(next);
  });
  io.on('connection', (socket) => onJoinCompany(socket, deps));
  deps.events.on((e) => {
    // Other names (chat, tasks) are pushed by their area's own listener, to chosen members only.
    if (!PUSHED_HERE.has(e.name)) return;
    pushCompanyEvent(io, deps, e).catch((err: Error) =>
      console.error(`realtime: could not push ${e.name} (${err.message})`),
    );
  });
  deps.events.onAccess((e) => {
    followAccess(io, deps, e).catch((err: Error) =>
      console.error(`realtime: could not apply a revocation (${err.message})`),
    );
  });
  return io;
}
