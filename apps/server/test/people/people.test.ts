import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, people } from '../../src/db/schema/index.js';
import { anonymous, buildUser, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let h: Harness;
let me: TestUser;
let other: TestUser;

beforeAll(async () => {
  h = await startHarness();
  me = await buildUser(h);
  other = await buildUser(h);
});
afterAll(() => h.close());

const person = (over: Record<string, unknown> = {}) => ({
  name: 'Lerato',
  surname: 'Mokoena',
  rank: 'client',
  weight: 61.5,
  height: 1.68,
  circum: 72,
  ...over,
});

async function create(u: TestUser, over: Record<string, unknown> = {}): Promise<string> {
  const r = await u.api.post('/api/people', person(over));
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body._id as string;
}

describe('people', () => {
  it('creates, lists, gets and saves a person', async () => {
    const id = await create(me, { name: 'Zanele' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const got = await me.api.get(`/api/people/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      _id: id,
      name: 'Zanele',
      surname: 'Mokoena',
      rank: 'client',
      weight: 61.5,
      height: 1.68,
      circum: 72,
      profilePicture: null,
    });

    const list = await me.api.get('/api/people');
    expect(list.status).toBe(200);
    expect(list.body.map((p: { _id: string }) => p._id)).toContain(id);

    const saved = await me.api.post(`/api/people/${id}`, {
      ...got.body,
      name: 'Zanele',
      surname: 'Dlamini',
      rank: 'makeup',
      weight: null,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ _id: id });
    const again = await me.api.get(`/api/people/${id}`);
    expect(again.body).toMatchObject({ surname: 'Dlamini', rank: 'makeup', weight: null });

    for (const rank of ['client', 'makeup', 'admin']) {
      expect((await me.api.post(`/api/people/${id}`, person({ rank }))).status).toBe(200);
    }
  });

  it('lists only my own people', async () => {
    const mine = await create(me);
    const theirs = await create(other);
    const list = (await me.api.get('/api/people')).body.map((p: { _id: string }) => p._id);
    expect(list).toContain(mine);
    expect(list).not.toContain(theirs);
  });

  it('rejects a bad rank or bad values with 400 naming the field', async () => {
    const bad = await me.api.post('/api/people', person({ rank: 'super' }));
    expect(bad.status).toBe(400);
    expect(bad.body.fields.rank).toBeDefined();

    const id = await create(me);
    const badSave = await me.api.post(`/api/people/${id}`, person({ rank: 'boss' }));
    expect(badSave.status).toBe(400);
    expect(badSave.body.fields.rank).toBeDefined();
    expect((await me.api.get(`/api/people/${id}`)).body.rank).toBe('client');

    const noName = await me.api.post('/api/people', person({ name: '' }));
    expect(noName.status).toBe(400);
    expect(noName.body.fields.name).toBeDefined();

    const badWeight = await me.api.post('/api/people', person({ weight: 'heavy' }));
    expect(badWeight.status).toBe(400);
    expect(badWeight.body.fields.weight).toBeDefined();

    const negative = await me.api.post('/api/people', person({ height: -1 }));
    expect(negative.status).toBe(400);
    expect(negative.body.fields.height).toBeDefined();
  });

  it("answers 404 for another user's person on get, save and picture, and changes nothing", async () => {
    const theirs = await create(other, { name: 'Theirs' });
    expect((await me.api.get(`/api/people/${theirs}`)).status).toBe(404);
    expect((await me.api.post(`/api/people/${theirs}`, person({ name: 'Hijacked' }))).status).toBe(
      404,
    );
    const pic = await me.api.upload(
      `/api/people/${theirs}/picture`,
      {},
      { file: { data: PNG, filename: 'p.png', type: 'image/png' } },
    );
    expect(pic.status).toBe(404);

    const [row] = await h.deps.database.db.select().from(people).where(eq(people.id, theirs));
    expect(row).toMatchObject({ name: 'Theirs', profilePicture: null });
    const stored = await h.deps.database.db.select().from(files).where(eq(files.userId, me.id));
    expect(stored).toEqual([]);
    expect((await other.api.get(`/api/people/${theirs}`)).body.name).toBe('Theirs');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [randomUUID(), 'nope', '123', 'not-a-uuid-at-all']) {
      expect((await me.api.get(`/api/people/${id}`)).status, id).toBe(404);
      expect((await me.api.post(`/api/people/${id}`, person())).status, id).toBe(404);
    }
  });

  it('needs a session', async () => {
    const id = await create(me);
    expect((await anonymous(h).get('/api/people')).status).toBe(401);
    expect((await anonymous(h).get(`/api/people/${id}`)).status).toBe(401);
    expect((await anonymous(h).post('/api/people', person())).status).toBe(401);
  });

  it('uploads a profile picture, served as image/png; a new one replaces it', async () => {
    const id = await create(me);
    const r = await me.api.upload(
      `/api/people/${id}/picture`,
      {},
      { file: { data: PNG, filename: 'face.png', type: 'image/png' } },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.profilePicture).toMatch(/^\/images\/[0-9a-f-]{36}$/);
    expect((await me.api.get(`/api/people/${id}`)).body.profilePicture).toBe(r.body.profilePicture);

    const img = await anonymous(h).get(`/api${r.body.profilePicture}`);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(img.body as Buffer, PNG)).toBe(0);

    const second = await me.api.upload(
      `/api/people/${id}/picture`,
      {},
      { file: { data: PNG, filename: 'face2.png', type: 'image/png' } },
    );
    expect(second.status).toBe(200);
    expect(second.body.profilePicture).not.toBe(r.body.profilePicture);
    expect((await anonymous(h).get(`/api${r.body.profilePicture}`)).status).toBe(404);
    expect((await anonymous(h).get(`/api${second.body.profilePicture}`)).status).toBe(200);
  });

  it('refuses a file that is not an image (400 fields.file), whatever its name claims', async () => {
    const id = await create(me);
    const r = await me.api.upload(
      `/api/people/${id}/picture`,
      {},
      {
        file: {
          data: Buffer.from('<html><script>alert(1)</script></html>'),
          filename: 'face.png',
          type: 'image/png',
        },
      },
    );
    expect(r.status).toBe(400);
    expect(r.body.fields.file).toBeDefined();
    const none = await me.api.upload(`/api/people/${id}/picture`, {}, {});
    expect(none.status).toBe(400);
    expect(none.body.fields.file).toBeDefined();
    expect((await me.api.get(`/api/people/${id}`)).body.profilePicture).toBeNull();
  });
});
