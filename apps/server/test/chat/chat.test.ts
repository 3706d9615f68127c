import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_POSTS_PER_MINUTE } from '../../src/areas/chat/chat.service.js';
import { addMember } from '../../src/areas/companies/companies.repo.js';
import {
  anonymous,
  buildCompany,
  buildMember,
  buildUser,
  type TestUser,
} from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

let h: Harness;
let cid: string;
let owner: TestUser;
let ann: TestUser;
let bob: TestUser;
let foreign: { id: string; owner: TestUser };

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  ann = await buildMember(h, cid, null);
  bob = await buildMember(h, cid, { invoices: { r: true } });
  foreign = await buildCompany(h);
});
afterAll(() => h.close());

const initiate = (u: TestUser, userIds: string[], extra: Record<string, unknown> = {}) =>
  u.api.post('/api/rooms/initiate', { companyId: cid, userIds, ...extra });
const rooms = (u: TestUser, companyId = cid) => u.api.get(`/api/rooms?companyId=${companyId}`);
const say = (u: TestUser, roomId: string, text: string) =>
  u.api.post(`/api/rooms/${roomId}/message`, { text });

describe('chat rooms', () => {
  it('starts a room, posts, lists with unread counts, marks read', async () => {
    const r = await initiate(owner, [ann.id], { chatName: '  Office ' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const room = r.body.chatRoom;
    expect(room).toMatchObject({ company: cid, chatName: 'Office', unread: 0, lastMessage: null });
    expect(room.users.map((u: { _id: string }) => u._id).sort()).toEqual([owner.id, ann.id].sort());

    const posted = await say(owner, room._id, '  Hello Ann  ');
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.message).toMatchObject({
      message: 'Hello Ann',
      roomId: room._id,
      user: { _id: owner.id, username: owner.username },
    });
    await say(owner, room._id, 'Are you there?');

    const list = await rooms(ann);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, error: null });
    expect(list.body.rooms).toHaveLength(1);
    expect(list.body.rooms[0]).toMatchObject({
      _id: room._id,
      unread: 2,
      lastMessage: { message: 'Are you there?' },
    });
    // The writer has read their own messages.
    expect((await rooms(owner)).body.rooms[0].unread).toBe(0);

    // Reading the conversation does not mark it read; POST /read does.
    const conv = await ann.api.get(`/api/rooms/${room._id}`);
    expect(conv.status).toBe(200);
    expect(conv.body.conversation.messages.map((m: { message: string }) => m.message)).toEqual([
      'Hello Ann',
      'Are you there?',
    ]);
    expect(conv.body.conversation.hasMore).toBe(false);
    expect((await rooms(ann)).body.rooms[0].unread).toBe(2);
    const read = await ann.api.post(`/api/rooms/${room._id}/read`);
    expect(read.body).toEqual({ success: true, unread: 0 });
    expect((await rooms(ann)).body.rooms[0].unread).toBe(0);
    // Bob is in no room.
    expect((await rooms(bob)).body.rooms).toEqual([]);
  });

  it('gives the same members their existing room back, whoever asks and in any order', async () => {
    const a = await initiate(owner, [ann.id, bob.id], { chatName: 'Crew' });
    const b = await initiate(bob, [ann.id, owner.id, ann.id]);
    expect(b.status).toBe(200);
    expect(b.body.chatRoom._id).toBe(a.body.chatRoom._id);
    expect(b.body.chatRoom.chatName).toBe('Crew');
    // A different set is a different room.
    const c = await initiate(bob, [ann.id]);
    expect(c.body.chatRoom._id).not.toBe(a.body.chatRoom._id);
    // Same members at once: still one room.
    const [x, y] = await Promise.all([initiate(owner, [bob.id]), initiate(bob, [owner.id])]);
    expect(x.body.chatRoom._id).toBe(y.body.chatRoom._id);
  });

  it('pages the history back with before and limit, newest at the bottom', async () => {
    const room = (await initiate(ann, [bob.id, owner.id])).body.chatRoom;
    const fresh = (await initiate(owner, [ann.id, bob.id, (await buildMember(h, cid, null)).id]))
      .body.chatRoom;
    for (let i = 1; i <= 7; i++) expect((await say(owner, fresh._id, `m${i}`)).status).toBe(200);
    const last = await owner.api.get(`/api/rooms/${fresh._id}?limit=3`);
    const texts = (r: typeof last) =>
      r.body.conversation.messages.map((m: { message: string }) => m.message);
    expect(texts(last)).toEqual(['m5', 'm6', 'm7']);
    expect(last.body.conversation.hasMore).toBe(true);
    const first = last.body.conversation.messages[0]._id;
    const older = await owner.api.get(`/api/rooms/${fresh._id}?limit=3&before=${first}`);
    expect(texts(older)).toEqual(['m2', 'm3', 'm4']);
    const oldest = await owner.api.get(
      `/api/rooms/${fresh._id}?before=${older.body.conversation.messages[0]._id}`,
    );
    expect(texts(oldest)).toEqual(['m1']);
    expect(oldest.body.conversation.hasMore).toBe(false);
    // A message of another room is no cursor here.
    const elsewhere = (await say(ann, room._id, 'x')).body.message._id;
    const bad = await owner.api.get(`/api/rooms/${fresh._id}?before=${elsewhere}`);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('before');
  });
});

describe('bad input', () => {
  it('answers 400 naming the field', async () => {
    const room = (await initiate(owner, [ann.id])).body.chatRoom;
    const cases: [unknown, string][] = [
      [{ text: '' }, 'text'],
      [{ text: '   ' }, 'text'],
      [{ text: 'x'.repeat(5001) }, 'text'],
      [{ text: 42 }, 'text'],
      [{}, 'text'],
    ];
    for (const [body, field] of cases) {
      const r = await owner.api.post(`/api/rooms/${room._id}/message`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.fields, JSON.stringify(r.body)).toHaveProperty(field);
    }
    expect((await say(owner, room._id, 'x'.repeat(5000))).status).toBe(200);
    const nul = await say(owner, room._id, 'a\u0000b');
    expect(nul.status).toBe(400);
    expect(JSON.stringify(nul.body)).toContain('text');

    for (const [body, field] of [
      [{ companyId: cid }, 'userIds'],
      [{ companyId: cid, userIds: [] }, 'userIds'],
      [{ companyId: cid, userIds: ['nope'] }, 'userIds.0'],
      [{ companyId: cid, userIds: [owner.id] }, 'userIds'],
      [{ companyId: cid, userIds: [ann.id], chatName: 'x'.repeat(101) }, 'chatName'],
      [{ companyId: cid, userIds: [ann.id], roomId: 7 }, 'roomId'],
    ] as const) {
      const r = await owner.api.post('/api/rooms/initiate', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.fields, JSON.stringify(r.body)).toHaveProperty(field);
    }
    const lim = await owner.api.get(`/api/rooms/${room._id}?limit=0`);
    expect(lim.status).toBe(400);
    expect(lim.body.fields).toHaveProperty('limit');
  });
});

describe('who may chat', () => {
  it('answers 401 without a token', async () => {
    const room = (await initiate(owner, [ann.id])).body.chatRoom;
    const nobody = anonymous(h);
    expect((await nobody.get(`/api/rooms?companyId=${cid}`)).status).toBe(401);
    expect((await nobody.get(`/api/rooms/${room._id}`)).status).toBe(401);
    expect((await nobody.post(`/api/rooms/${room._id}/message`, { text: 'x' })).status).toBe(401);
    expect((await nobody.post(`/api/rooms/${room._id}/read`)).status).toBe(401);
    expect(
      (await nobody.post('/api/rooms/initiate', { companyId: cid, userIds: [ann.id] })).status,
    ).toBe(401);
  });

  it("answers 404 for another company's room, company or users, and to a non-member of the room", async () => {
    const room = (await initiate(owner, [ann.id])).body.chatRoom;
    const theirs = (
      await foreign.owner.api.post('/api/rooms/initiate', {
        companyId: foreign.id,
        userIds: [(await buildMember(h, foreign.id, null)).id],
      })
    ).body.chatRoom;
    for (const u of [owner, ann]) {
      expect((await u.api.get(`/api/rooms/${theirs._id}`)).status).toBe(404);
      expect((await say(u, theirs._id, 'hi')).status).toBe(404);
      expect((await u.api.post(`/api/rooms/${theirs._id}/read`)).status).toBe(404);
    }
    // Bob is in the company but not in the room.
    expect((await bob.api.get(`/api/rooms/${room._id}`)).status).toBe(404);
    expect((await say(bob, room._id, 'hi')).status).toBe(404);
    expect((await bob.api.get(`/api/rooms/${randomUUID()}`)).status).toBe(404);
    expect((await bob.api.get('/api/rooms/nope')).status).toBe(404);
    // Another company's members, a stranger, an unknown id.
    for (const other of [foreign.owner.id, (await buildUser(h)).id, randomUUID()]) {
      const r = await initiate(owner, [ann.id, other]);
      expect(r.status).toBe(404);
      expect(JSON.stringify(r.body)).not.toContain(other);
    }
    expect((await rooms(owner, foreign.id)).status).toBe(404);
    expect((await rooms(owner, 'nope')).status).toBe(404);
    expect((await owner.api.get('/api/rooms')).status).toBe(404);
    const cross = await owner.api.post('/api/rooms/initiate', {
      companyId: foreign.id,
      userIds: [foreign.owner.id],
    });
    expect(cross.status).toBe(404);
  });

  it('keeps disabled and removed members out of rooms; a disabled member gets 403', async () => {
    const carl = await buildMember(h, cid, null);
    const dana = await buildMember(h, cid, null);
    const room = (await initiate(owner, [carl.id, dana.id])).body.chatRoom;
    await say(owner, room._id, 'before');
    const off = await owner.api.post(`/api/companies/${cid}/users/${carl.id}`, { disabled: true });
    expect(off.status).toBe(200);
    expect((await carl.api.get(`/api/rooms/${room._id}`)).status).toBe(403);
    expect((await say(carl, room._id, 'x')).status).toBe(403);
    expect((await rooms(carl)).status).toBe(403);
    const seen = (await owner.api.get(`/api/rooms/${room._id}`)).body.conversation.users;
    expect(seen.map((u: { _id: string }) => u._id)).not.toContain(carl.id);
    // Nobody can start a room with a disabled member.
    expect((await initiate(owner, [carl.id])).status).toBe(404);
    // Removed from the company: gone from its rooms for good.
    const gone = await owner.api.post(`/api/companies/${cid}/users/${dana.id}/delete`);
    expect(gone.status).toBe(200);
    expect((await dana.api.get(`/api/rooms/${room._id}`)).status).toBe(404);
    const after = (await owner.api.get(`/api/rooms/${room._id}`)).body.conversation.users;
    expect(after.map((u: { _id: string }) => u._id)).toEqual([owner.id]);
    // The history stays for those still in the room.
    expect((await owner.api.get(`/api/rooms/${room._id}`)).body.conversation.messages).toHaveLength(
      1,
    );
    // Back in the company, the same members get the room (and its history) again.
    await addMember(h.deps.database.db, cid, dana.id, null);
    const again = await initiate(owner, [carl.id, dana.id]);
    expect(again.status).toBe(404); // Carl is still disabled.
    await owner.api.post(`/api/companies/${cid}/users/${carl.id}`, { disabled: false });
    const back = await initiate(owner, [dana.id, carl.id]);
    expect(back.body.chatRoom._id).toBe(room._id);
    expect(back.body.chatRoom.users).toHaveLength(3);
    expect((await dana.api.get(`/api/rooms/${room._id}`)).status).toBe(200);
  });

  it('limits how fast one user posts', async () => {
    const eve = await buildMember(h, cid, null);
    const room = (await initiate(eve, [owner.id])).body.chatRoom;
    for (let i = 0; i < CHAT_POSTS_PER_MINUTE; i++)
      expect((await say(eve, room._id, `n${i}`)).status).toBe(200);
    const r = await say(eve, room._id, 'one too many');
    expect(r.status).toBe(429);
    expect(r.body.error).toMatch(/Too many messages/);
    // Others are not held back.
    expect((await say(owner, room._id, 'fine')).status).toBe(200);
  });
});
