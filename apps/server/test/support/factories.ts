import { randomUUID } from 'node:crypto';
import type { GroupRights } from '@fieldbook/core';
import { createAuthService } from '../../src/areas/auth/auth.service.js';
import { joinCompany } from '../../src/areas/companies/index.js';
import { addMember } from '../../src/areas/companies/companies.repo.js';
import { systemCaller } from '../../src/platform/access.js';
import { companiesService } from '../../src/compose.js';
import { newToken } from '../../src/platform/crypto.js';
import { insertSession } from '../../src/platform/sessions.repo.js';
import type { Harness } from './harness.js';

/** Tests read answers loosely (`r.body.fields.x`); their assertions are the check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface Answer<T = Loose> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

/** An API client for one signed-in user (or nobody), going through HTTP injection. */
export class ApiClient {
  constructor(
    private readonly h: Harness,
    readonly username?: string,
    readonly token?: string,
  ) {}

  protected headers(extra: Record<string, string> = {}) {
    if (!this.username || !this.token) return extra;
    return {
      username: this.username,
      token: this.token,
      authorization: `Bearer ${this.token}`,
      ...extra,
    };
  }

  async request<T = Loose>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer<T>> {
    const r = await this.h.app.inject({
      method,
      url,
      headers: this.headers(headers),
      ...(body !== undefined && { payload: body as Record<string, unknown> }),
    });
    const json = (r.headers['content-type'] ?? '').toString().includes('json');
    return {
      status: r.statusCode,
      body: (json ? r.json() : r.rawPayload) as T,
      headers: r.headers,
    };
  }

  get = <T = Loose>(url: string) => this.request<T>('GET', url);
  post = <T = Loose>(url: string, body: unknown = {}) => this.request<T>('POST', url, body);
  delete = <T = Loose>(url: string) => this.request<T>('DELETE', url);

  /** A multipart POST: text fields and files. */
  async upload<T = Loose>(
    url: string,
    fields: Record<string, string>,
    files: Record<string, { data: Buffer; filename: string; type: string }>,
    headers: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    for (const [k, f] of Object.entries(files))
      form.append(k, new Blob([new Uint8Array(f.data)], { type: f.type }), f.filename);
    const req = new Request('http://x', { method: 'POST', body: form });
    const payload = Buffer.from(await req.arrayBuffer());
    return this.request<T>('POST', url, payload as unknown, {
      ...headers,
      'content-type': req.headers.get('content-type')!,
    });
  }
}

/** A client that calls with an API token only (`Authorization: Bearer fbk_…`, docs/api.md). */
export class BearerClient extends ApiClient {
  constructor(
    h: Harness,
    readonly apiToken: string,
  ) {
    super(h);
  }

  protected override headers(extra: Record<string, string> = {}) {
    return { authorization: `Bearer ${this.apiToken}`, ...extra };
  }
}

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  api: ApiClient;
}

/** An active user with a session. */
export async function buildUser(
  h: Harness,
  over: { username?: string; rank?: string | null; password?: string } = {},
): Promise<TestUser> {
  const username = over.username ?? `u${randomUUID().slice(0, 12)}`;
  const password = over.password ?? 'correct horse battery';
  const email = `${username}@example.test`;
  const user = await createAuthService(h.deps, joinCompany).createUser({
    username,
    password,
    email,
    name: 'Test',
    surname: username,
    rank: over.rank ?? null,
  });
  const t = newToken();
  await insertSession(h.deps.database.db, user.id, t.hash, 'test');
  return {
    id: user.id,
    username,
    email,
    password,
    token: t.token,
    api: new ApiClient(h, username, t.token),
  };
}

/** A company owned by `owner` (a new user when none is given). */
export async function buildCompany(h: Harness, owner?: TestUser) {
  const o = owner ?? (await buildUser(h));
  const svc = companiesService(h.deps, createAuthService(h.deps, joinCompany));
  const { _id } = await svc.create(o.id, `Company ${randomUUID().slice(0, 6)}`, null);
  return { id: _id, owner: o };
}

/** A member of the company in a new group with these rights (null: no group). */
export async function buildMember(
  h: Harness,
  companyId: string,
  rights: GroupRights | null,
  opts: { disabled?: boolean } = {},
) {
  const user = await buildUser(h);
  const svc = companiesService(h.deps, createAuthService(h.deps, joinCompany));
  const system = systemCaller(companyId);
  const group = rights
    ? (await svc.saveGroup(companyId, { name: `G ${user.username}`, rights }, system))._id
    : null;
  await addMember(h.deps.database.db, companyId, user.id, group);
  if (opts.disabled) await svc.saveMember(companyId, user.id, { disabled: true }, system);
  return { ...user, groupId: group };
}

export const anonymous = (h: Harness) => new ApiClient(h);
