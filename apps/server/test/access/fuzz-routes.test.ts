import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusNode } from '@fieldbook/core';
import { newToken } from '../../src/platform/crypto.js';
import { insertSession } from '../../src/platform/sessions.repo.js';
import { buildCompany, buildMember, buildUser, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';
import {
  BOGUS_IDS,
  HOSTILE,
  HOSTILE_QUERY,
  deep,
  example,
  fieldPaths,
  withValue,
  type Schema,
} from '../support/fuzz-values.js';

/**
 * DECISIONS §14 "no input makes the server answer 5xx": every route of the
 * route table, signed in as the company's owner (rank super for the super
 * routes), driven with hostile values derived from its schema: each field of
 * the body in turn, each query parameter, every path id, and whole bodies
 * that are empty, of the wrong kind or nested too deep.
 */

let h: Harness;
let cid: string;
let owner: TestUser;
let root: TestUser;
/** Real ids by the path segment before a parameter, and by body field name. */
const ids: Record<string, string> = {};
const refs: Record<string, unknown> = {};

beforeAll(async () => {
  h = await startHarness();
  ({ id: cid, owner } = await buildCompany(h));
  root = await buildUser(h, { rank: 'super' });
  const post = async (path: string, body: unknown) => {
    const r = await owner.api.post(`/api/companies/${cid}${path}`, body);
    expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
    return r.body._id as string;
  };
  ids.entityTemplate = await post('/entityTemplate', { name: 'Type', descriptions: [] });
  ids.entities = await buildClient(owner.api, cid);
  ids.suppliers = await post('/suppliers', { name: 'Supplier' });
  ids.invoices = (await buildInvoice(owner.api, cid, ids.entities))._id;
  ids.item = randomUUID();
  ids.groups = await post('/groups', { name: 'Crew', rights: {} });
  ids.users = (await buildMember(h, cid, null)).id;
  const templates = await owner.api.get(`/api/companies/${cid}/templates`);
  ids.templates =
    ids.invoiceTemplate =
    ids.statementTemplate =
      templates.body[0]?._id ?? randomUUID();
  const person = await owner.api.post('/api/people', { name: 'P', surname: 'Q', rank: 'client' });
  ids.people = person.body._id;
  ids.tasks = (
    await owner.api.post('/api/tasks', { companyId: cid, name: 'Coupon', userId: ids.users })
  ).body.task._id;
  const jobTypes = await owner.api.get(`/api/companies/${cid}/appointments/types`);
  ids.appointments = ids.activeJobs = await post('/appointments', {});
  // A type of its own for `types/:id/delete` (a fuzzed delete may remove it; the jobs keep theirs).
  ids.types = await post('/appointments/types', {
    name: 'Fuzz type',
    statuses: [statusNode('f1', 'Open', 0, [])],
    components: [],
  });
  const chat = await owner.api.post('/api/rooms/initiate', {
    companyId: cid,
    userIds: [ids.users],
  });
  ids.rooms = chat.body.chatRoom._id;
  ids.cars = await post('/cars', {
    registration: 'CA 1',
    make: 'VW',
    model: 'Polo',
    openingOdometer: 0,
  });
  ids.logBook = await post('/logBook', {
    date: '2026-03-02',
    carId: ids.cars,
    driverId: owner.id,
    from: 'A',
    to: 'B',
    openingOdometer: 0,
    closingOdometer: 5,
    business: false,
  });
  Object.assign(refs, {
    companyId: cid,
    carId: ids.cars,
    driverId: owner.id,
    entityId: ids.entities,
    entityTemplateId: ids.entityTemplate,
    appointmentTypeId: jobTypes.body[0]._id,
    ids: [ids.invoices],
    userIds: [ids.users],
  });
});
afterAll(() => h.close());

/** A fresh session per route, so a route that signs out does not end the run. */
async function signIn(user: TestUser): Promise<Record<string, string>> {
  const t = newToken();
  await insertSession(h.deps.database.db, user.id, t.hash, 'fuzz');
  return { username: user.username, token: t.token, authorization: `Bearer ${t.token}` };
}

/** The path with real ids, and variants with one bogus id each. */
function paths(url: string): string[] {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const fill = (bogus?: { name: string; value: string }) =>
    url.replace(/\/([^/]+)\/:(\w+)/g, (_all, seg: string, name: string) => {
      if (bogus?.name === name) return `/${seg}/${bogus.value}`;
      if (name === 'cid' || name === 'company' || seg === 'companies') return `/${seg}/${cid}`;
      if (name === 'client') return `/${seg}/${ids.entities}`;
      return `/${seg}/${ids[seg] ?? randomUUID()}`;
    });
  return [fill(), ...names.flatMap((name) => BOGUS_IDS.map((value) => fill({ name, value })))];
}

/** Header values: empty, too long, wrong characters, the same key again (a replay). */
const HOSTILE_HEADER = [
  '',
  'x'.repeat(5000),
  'abc',
  'key with spaces',
  'ÿÿÿÿÿÿÿÿÿÿ',
  '[]',
  'fuzz-key-0000000001',
  'fuzz-key-0000000001',
];

interface Outcome {
  routes: number;
  requests: number;
  byClass: Record<string, number>;
  failures: string[];
}

describe('empty bodies', () => {
  it('an empty member save changes nothing (it answered 500 "No values to set")', async () => {
    const member = await buildMember(h, cid, null, { disabled: true });
    const r = await owner.api.post(`/api/companies/${cid}/users/${member.id}`, {});
    expect(r.status).toBe(200);
    const list = await owner.api.get(`/api/companies/${cid}`);
    expect(JSON.stringify(list.body)).toContain(member.id);
    const gone = await owner.api.post(`/api/companies/${cid}/users/${randomUUID()}`, {});
    expect(gone.status).toBe(404);
  });
});

describe('fuzzing every route', () => {
  it('answers no hostile request with a 5xx', async () => {
    const doc = h.app.swagger() as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    // Deleting and signing out go last, so the rest run against live records.
    const routes = [...h.app.routeTable].sort(
      (a, b) => Number(/delete|logout/.test(a.url)) - Number(/delete|logout/.test(b.url)),
    );
    const out: Outcome = { routes: routes.length, requests: 0, byClass: {}, failures: [] };

    for (const route of routes) {
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const bodySchema = (
        op?.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined
      )?.content?.['application/json']?.schema;
      const params = (op?.parameters ?? []) as { in: string; name: string }[];
      const query = params.filter((p) => p.in === 'query').map((p) => p.name);
      // Request headers a route declares (Idempotency-Key, docs/offline.md).
      const headerNames = params.filter((p) => p.in === 'header').map((p) => p.name);
      const headers = await signIn(route.access.kind === 'super' ? root : owner);
      const [real, ...bogus] = paths(route.url);

      const send = async (
        url: string,
        payload?: unknown,
        raw?: string,
        extra: Record<string, string> = {},
      ) => {
        const r = await h.app.inject({
          method: route.method as 'GET',
          url,
          headers: {
            ...headers,
            ...extra,
            ...((payload !== undefined || raw !== undefined) && {
              'content-type': 'application/json',
            }),
          },
          ...(raw !== undefined
            ? { payload: raw }
            : payload !== undefined && { payload: JSON.stringify(payload) }),
        });
        out.requests++;
        const cls = `${Math.floor(r.statusCode / 100)}xx`;
        out.byClass[cls] = (out.byClass[cls] ?? 0) + 1;
        // /readyz answers 503 by design here: the harness runs no queue worker.
        const notReady = route.url === '/readyz' && r.statusCode === 503;
        if (r.statusCode >= 500 && !notReady) {
          const shown = raw ?? JSON.stringify(payload)?.slice(0, 200);
          out.failures.push(
            `${route.method} ${url} ${shown} -> ${r.statusCode} ${r.body.slice(0, 200)}`,
          );
        }
      };

      const isGet = route.method === 'GET';
      // Whole bodies: none, empty, wrong kinds, too deep, broken JSON.
      await send(real!);
      if (!isGet) {
        for (const body of [{}, [], null, 'text', 42, deep(40), { a: '\u0000' }])
          await send(real!, body);
        await send(real!, undefined, '{"a":');
        await send(real!, undefined, `{"x":"\\ud800","y":"\\u0000"}`);
      }
      for (const url of bogus) await send(url, isGet ? undefined : {});
      // One hostile field at a time in an otherwise valid body.
      if (bodySchema) {
        const base = example(bodySchema, '', refs);
        await send(real!, base);
        for (const path of fieldPaths(bodySchema))
          for (const value of HOSTILE)
            await send(real!, withValue(bodySchema, base, path, value, refs));
      }
      for (const name of headerNames)
        for (const value of HOSTILE_HEADER)
          await send(
            real!,
            isGet ? undefined : bodySchema ? example(bodySchema, '', refs) : {},
            undefined,
            {
              [name]: value,
            },
          );
      for (const name of query)
        for (const value of HOSTILE_QUERY)
          await send(
            `${real}${real!.includes('?') ? '&' : '?'}${name}=${value}`,
            isGet ? undefined : {},
          );
    }

    console.log(
      `fuzz: ${out.routes} routes, ${out.requests} requests, ` +
        Object.entries(out.byClass)
          .sort()
          .map(([k, v]) => `${v} ${k}`)
          .join(', '),
    );
    expect(out.failures).toEqual([]);
  }, 900_000);
});
