import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, buildCompany, type TestUser } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import { checkInput } from '../../src/platform/input-guard.js';

/** DECISIONS §14: NUL characters and unpaired surrogates are refused, in one place for every route. */

let h: Harness;
let cid: string;
let owner: TestUser;
const url = (path: string) => `/api/companies/${cid}${path}`;

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
});
afterAll(() => h.close());

const client = (over: Record<string, unknown>) => ({ name: 'Ann', surname: 'A', ...over });

describe('bad characters', () => {
  it('refuses NUL in a text field with a 400 naming the field', async () => {
    const r = await owner.api.post(url('/entities'), client({ name: 'A\u0000nn' }));
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ name: 'must not contain NUL characters' });
    expect(r.body.error).toBe('name must not contain NUL characters');
  });

  it('names a nested field, an array item and an object key', async () => {
    const nested = await owner.api.post(url('/entities'), client({ fields: { note: 'x\u0000' } }));
    expect(nested.status).toBe(400);
    expect(nested.body.fields).toEqual({ 'fields.note': 'must not contain NUL characters' });

    const item = await owner.api.post('/api/error', {
      message: 'm',
      info: { list: ['ok', '\ud800'] },
    });
    expect(item.status).toBe(400);
    expect(item.body.fields).toEqual({ 'info.list.1': 'must not contain unpaired surrogates' });

    const key = await owner.api.post('/api/error', { message: 'm', info: { 'k\u0000': 1 } });
    expect(key.status).toBe(400);
    expect(Object.values(key.body.fields)).toEqual(['must not contain NUL characters']);
  });

  it('refuses lone surrogates of either half, and keeps real pairs', async () => {
    for (const bad of ['\ud800', 'a\udc00b', '\ud83d', 'end\ud83d']) {
      const r = await owner.api.post(url('/entities'), client({ surname: bad }));
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.fields).toEqual({ surname: 'must not contain unpaired surrogates' });
    }
    const ok = await owner.api.post(url('/entities'), client({ name: 'Ann 😀 Ünal' }));
    expect(ok.status).toBe(200);
    expect((await owner.api.get(url(`/entities/${ok.body._id}`))).body.name).toBe('Ann 😀 Ünal');
  });

  it('refuses NUL in the query string', async () => {
    const r = await owner.api.get(url('/invoices?from=2026-01-01&type=%00'));
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ type: 'must not contain NUL characters' });
  });

  it('checks access first: no token still answers 401', async () => {
    const r = await anonymous(h).post(url('/entities'), client({ name: '\u0000' }));
    expect(r.status).toBe(401);
  });
});

describe('deep and large bodies', () => {
  const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

  it('answers 400 to an error report nested 10,000 deep, and keeps serving', async () => {
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/error',
      headers: { 'content-type': 'application/json' },
      payload: `{"message":"m","info":${deep(10_000)}}`,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      error: 'body is nested too deeply',
      fields: { body: 'is nested too deeply' },
    });
    expect((await anonymous(h).get('/api/health')).status).toBe(200);
  });

  it('takes ordinary nesting', async () => {
    const r = await h.app.inject({
      method: 'POST',
      url: '/api/error',
      headers: { 'content-type': 'application/json' },
      payload: `{"message":"m","info":${deep(20)}}`,
    });
    expect(r.statusCode).toBe(200);
  });

  it('refuses an error report over 64 KB', async () => {
    const r = await anonymous(h).post('/api/error', { message: 'm', info: 'x'.repeat(70_000) });
    expect(r.status).toBe(413);
  });
});

describe('multipart bodies', () => {
  const expenses = () => `/api/companies/${cid}/expenses`;
  const expense = (description: string) =>
    `{"expenseDate":"2026-11-02","description":"${description}","price":100}`;

  it('refuses NUL in a multipart text field with a 400 naming the field', async () => {
    const r = await owner.api.upload('/api/companies', { companyName: 'Ac\u0000me' }, {});
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ companyName: 'must not contain NUL characters' });
    const key = await owner.api.upload('/api/companies', { 'k\u0000': 'x', companyName: 'A' }, {});
    expect(key.status).toBe(400);
    expect(Object.values(key.body.fields)).toEqual(['must not contain NUL characters']);
  });

  it("refuses NUL and unpaired surrogates in the expense form's JSON, naming the field", async () => {
    const nul = await owner.api.upload(expenses(), { data: expense('Pa\\u0000per') }, {});
    expect(nul.status).toBe(400);
    expect(nul.body.fields).toEqual({ 'data.description': 'must not contain NUL characters' });
    const lone = await owner.api.upload(expenses(), { data: expense('Pa\\ud800per') }, {});
    expect(lone.status).toBe(400);
    expect(lone.body.fields).toEqual({
      'data.description': 'must not contain unpaired surrogates',
    });
    const deep = await owner.api.upload(
      expenses(),
      { data: '['.repeat(5000) + ']'.repeat(5000) },
      {},
    );
    expect(deep.status).toBe(400);
    expect(deep.body.fields).toEqual({ data: 'is nested too deeply' });
    expect((await owner.api.get(expenses())).body).toEqual([]);
  });
});

describe('checkInput on its own', () => {
  const nest = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: [nest(depth - 1)] });
  const refusal = (value: unknown, maxDepth?: number) => {
    try {
      checkInput(value, null, maxDepth);
      return null;
    } catch (e) {
      return (e as { fields?: Record<string, string> }).fields ?? null;
    }
  };

  it('passes clean text, raw bodies and sparse arrays, and refuses with the field named', () => {
    expect(refusal({ a: [1, 'two', { b: null, c: true }], d: 'é😀' })).toBeNull();
    expect(refusal({ raw: Buffer.from([0, 0xd8, 0]) })).toBeNull();
    // eslint-disable-next-line no-sparse-arrays
    expect(refusal({ list: [1, , 3] })).toBeNull();
    expect(refusal({ a: [{}, { b: 'x\u0000' }] })).toEqual({
      'a.1.b': 'must not contain NUL characters',
    });
    expect(refusal({ ok: 1, ['k\ud800']: 1 })).toEqual({
      'k?': 'must not contain unpaired surrogates',
    });
  });

  it('counts nesting the same way clean or not: 32 containers pass a limit of 32, not of 31', () => {
    // nest(16) holds 32 containers, one in the other (an object and an array per level).
    expect(refusal(nest(16), 32)).toBeNull();
    expect(refusal(nest(16), 31)).toEqual({ body: 'is nested too deeply' });
  });
});
