import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessage } from '@fieldbook/core';
import { buildApp, type App } from '../../src/app.js';
import { attachChatRealtime } from '../../src/areas/chat/index.js';
import { attachTasksRealtime } from '../../src/areas/tasks/index.js';
import {
  attachNotificationsRealtime,
  recordNotification,
} from '../../src/areas/notifications/index.js';
import { createCaches, type AppDeps } from '../../src/platform/deps.js';
import { createEvents, type AppEvents, type BusMessage } from '../../src/platform/events.js';
import { attachRealtime } from '../../src/platform/realtime.js';
import { buildCompany, buildMember, type TestUser } from '../support/factories.js';
import { connectSocket, joinCompany } from '../support/socket-helpers.js';
import { startHarness, type Harness } from '../support/harness.js';

/**
 * Two app instances on one database, each with its own events, caches and
 * socket.io, their events linked the way the PostgreSQL bridge links two
 * server processes (JSON across, delivered on the other side only). The real
 * bridge across processes is in chat-processes.test.ts (needs PostgreSQL).
 */
let h: Harness;
let second: { app: App; deps: AppDeps };
const servers: Server[] = [];
const bases: string[] = [];
let cid: string;
let owner: TestUser;
const sockets: Socket[] = [];

function link(a: AppEvents, b: AppEvents) {
  const across = (to: AppEvents) => (m: BusMessage) => {
    const copy = JSON.parse(JSON.stringify(m)) as BusMessage;
    setTimeout(() => ('e' in copy ? to.deliver(copy.e) : to.deliverAccess(copy.a)), 5);
  };
  a.setPublisher(across(b));
  b.setPublisher(across(a));
}

async function serve(app: App, deps: AppDeps) {
  const io = attachRealtime(app.server, deps);
  attachChatRealtime(io, deps);
  attachTasksRealtime(io, deps);
  attachNotificationsRealtime(io, deps);
  servers.push(io);
  await app.listen({ port: 0, host: '127.0.0.1' });
  bases.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
}

beforeAll(async () => {
  h = await startHarness();
  const deps: AppDeps = { ...h.deps, events: createEvents(), caches: createCaches() };
  second = { app: await buildApp(deps), deps };
  link(h.deps.events, deps.events);
  await serve(h.app, h.deps);
  await serve(second.app, deps);
  ({ id: cid, owner } = await buildCompany(h));
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  for (const io of servers) await io.close();
  await second.app.close();
  await h.close();
});

/** A socket of the user on instance `at` (0 or 1), in the company, subscribed to its rooms. */
async function listen(user: { username: string; token: string }, at: number) {
  const s = await connectSocket(bases[at]!, user, sockets);
  const messages: TChatMessage[] = [];
  const rooms: string[][] = [];
  const tasks: string[][] = [];
  const notes: unknown[] = [];
  s.on('notification', (p: unknown) => notes.push(p));
  s.on('chat message', (m: TChatMessage) => messages.push(m));
  s.on('tasksChanged', (p: { ids: string[] }) => tasks.push(p.ids));
  s.on('yourRooms', (p: { rooms: string[] }) => rooms.push(p.rooms));
  await joinCompany(s, cid);
  s.emit('subscribeRooms', cid);
  await expect.poll(() => rooms.length, { timeout: 5000 }).toBe(1);
  return { messages, rooms, tasks, notes };
}

const say = (u: TestUser, roomId: string, text: string) =>
  u.api.post(`/api/rooms/${roomId}/message`, { text });

describe('chat message across two instances on one database', () => {
  it("reaches the room's members on either instance, and nobody else", async () => {
    const ann = await buildMember(h, cid, null);
    const bob = await buildMember(h, cid, null);
    const ownerHears = await listen(owner, 0);
    const annHears = await listen(ann, 1);
    const bobHears = await listen(bob, 1);
    expect(annHears.rooms[0]).toEqual([]);

    const room = (
      await owner.api.post('/api/rooms/initiate', { companyId: cid, userIds: [ann.id] })
    ).body.chatRoom;
    // The new room is announced to its members, wherever they are connected.
    await expect.poll(() => annHears.rooms.length, { timeout: 5000 }).toBe(2);
    expect(annHears.rooms[1]).toEqual([room._id]);

    expect((await say(owner, room._id, 'Hi Ann')).status).toBe(200);
    expect((await say(ann, room._id, 'Hi back')).status).toBe(200);
    await expect.poll(() => annHears.messages.length, { timeout: 5000 }).toBe(2);
    await expect.poll(() => ownerHears.messages.length, { timeout: 5000 }).toBe(2);
    // Across instances the pushes may cross: Ann's own message, sent on her instance, can
    // arrive before the owner's from the other (the conversation is read in order from the
    // database; a push only tells the browser to read it).
    expect(annHears.messages.map((m) => m.message).sort()).toEqual(['Hi Ann', 'Hi back']);
    expect(annHears.messages.find((m) => m.message === 'Hi Ann')).toMatchObject({
      roomId: room._id,
      user: { _id: owner.id },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(bobHears.messages).toEqual([]);
    expect(bobHears.rooms).toHaveLength(1);
  });

  it('a member disabled on one instance stops receiving on the other at once', async () => {
    const carl = await buildMember(h, cid, null);
    const carlHears = await listen(carl, 1);
    const ownerHears = await listen(owner, 0);
    const room = (
      await owner.api.post('/api/rooms/initiate', { companyId: cid, userIds: [carl.id] })
    ).body.chatRoom;
    await say(owner, room._id, 'one');
    await expect.poll(() => carlHears.messages.length, { timeout: 5000 }).toBe(1);

    const off = await owner.api.post(`/api/companies/${cid}/users/${carl.id}`, { disabled: true });
    expect(off.status).toBe(200);
    // Straight after the disable answered: no wait for a cache to run out.
    await say(owner, room._id, 'two');
    await expect.poll(() => ownerHears.messages.length, { timeout: 5000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(carlHears.messages.map((m) => m.message)).toEqual(['one']);
  });

  it('a member removed from the company stops receiving at once', async () => {
    const dana = await buildMember(h, cid, null);
    const danaHears = await listen(dana, 0);
    const ownerHears = await listen(owner, 1);
    const room = (
      await owner.api.post('/api/rooms/initiate', { companyId: cid, userIds: [dana.id] })
    ).body.chatRoom;
    await say(owner, room._id, 'one');
    await expect.poll(() => danaHears.messages.length, { timeout: 5000 }).toBe(1);
    expect((await owner.api.post(`/api/companies/${cid}/users/${dana.id}/delete`)).status).toBe(
      200,
    );
    await say(owner, room._id, 'two');
    await expect.poll(() => ownerHears.messages.length, { timeout: 5000 }).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(danaHears.messages).toHaveLength(1);
  });
});

describe('tasksChanged across two instances on one database', () => {
  it("tells the coupon's giver and holder of each step, wherever they are, and nobody else", async () => {
    const holder = await buildMember(h, cid, null);
    const bystander = await buildMember(h, cid, null);
    const giverHears = await listen(owner, 0);
    const holderHears = await listen(holder, 1);
    const bystanderHears = await listen(bystander, 1);
    const given = await owner.api.post('/api/tasks', {
      companyId: cid,
      userId: holder.id,
      name: 'Free coffee',
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const id = given.body.task._id as string;
    await expect.poll(() => holderHears.tasks, { timeout: 5000 }).toEqual([[id]]);
    await expect.poll(() => giverHears.tasks, { timeout: 5000 }).toEqual([[id]]);

    expect((await holder.api.post(`/api/tasks/${id}/open`, { companyId: cid })).status).toBe(200);
    await expect.poll(() => giverHears.tasks.length, { timeout: 5000 }).toBe(2);
    await expect.poll(() => holderHears.tasks.length, { timeout: 5000 }).toBe(2);
    // A refused step changes nothing and tells nobody.
    expect((await holder.api.post(`/api/tasks/${id}/use`, { companyId: cid })).status).toBe(403);
    await new Promise((r) => setTimeout(r, 300));
    expect(giverHears.tasks).toHaveLength(2);
    expect(bystanderHears.tasks).toEqual([]);
  });
});

describe('notifications across two instances on one database', () => {
  it('a notification made on one instance reaches its recipient on the other, and nobody else', async () => {
    const jobs = { appointments: { r: true } };
    const eve = await buildMember(h, cid, jobs);
    const fay = await buildMember(h, cid, jobs);
    const eveHears = await listen(eve, 1);
    const fayHears = await listen(fay, 1);
    const make = async (userId: string, key: string) => {
      const id = await recordNotification(h.deps.database.db, {
        companyId: cid,
        userId,
        kind: 'jobStatus',
        jobId: null,
        title: key,
        body: '',
        dedupeKey: key,
      });
      // As the status entry does after commit, on instance 0.
      h.deps.events.emit({ companyId: cid, name: 'notificationsChanged', ids: [id!] });
      return id;
    };
    const forEve = await make(eve.id, 'instances:eve');
    const forFay = await make(fay.id, 'instances:fay');
    // Fay's arriving shows Eve's, emitted before it, has been delivered too.
    await expect.poll(() => fayHears.notes, { timeout: 5000 }).toEqual([{ _id: forFay }]);
    await expect.poll(() => eveHears.notes, { timeout: 5000 }).toEqual([{ _id: forEve }]);
  });
});
