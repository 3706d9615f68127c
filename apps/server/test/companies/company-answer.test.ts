import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupRights } from '@fieldbook/core';
import { BearerClient, buildCompany, buildMember, type ApiClient } from '../support/factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/**
 * What `GET /api/companies/:id` tells a member (docs/access.md, "Member
 * routes"): the members' e-mail addresses and the PayFast and SMTP
 * identifiers only with settings r; and chat rooms and task coupons are a
 * signed-in person's, never an API token's.
 */
let h: Harness;
let co: Awaited<ReturnType<typeof buildCompany>>;
const SMTP = { host: '203.0.113.25', port: 587, secure: false, user: 'mailer@shop.example' };
const PAYFAST = { merchantId: '10000100', merchantKey: 'merchantkey1', sandbox: true };

beforeAll(async () => {
  h = await startHarness();
  co = await buildCompany(h);
  const saved = await co.owner.api.post(`/api/companies/${co.id}`, {
    companyName: 'Answer Co',
    smtp: { ...SMTP, password: 'smtp-secret' },
    payfast: { ...PAYFAST, passphrase: 'pf-secret' },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(() => h.close());

const tokenOf = async (rights: GroupRights) => {
  const r = await co.owner.api.post(`/api/companies/${co.id}/api-tokens`, {
    name: `Token ${randomUUID().slice(0, 6)}`,
    expiresInDays: null,
    rights,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return new BearerClient(h, r.body.token as string);
};
const read = async (api: ApiClient) => {
  const r = await api.get(`/api/companies/${co.id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
};

describe('the company answer', () => {
  it("shows members' addresses and the PayFast and SMTP identifiers only with settings r", async () => {
    const reader = await buildMember(h, co.id, { settings: { r: true } });
    const clerk = await buildMember(h, co.id, { invoices: { r: true, c: true } });
    for (const [who, api] of [
      ['owner', co.owner.api],
      ['settings reader', reader.api],
      ['token with settings r', await tokenOf({ settings: { r: true } })],
    ] as const) {
      const c = await read(api);
      expect(c.smtp, who).toMatchObject({ ...SMTP, hasPassword: true });
      expect(c.payfast, who).toMatchObject({ ...PAYFAST, hasPassphrase: true });
      expect(
        c.users.find((u: { userId: string }) => u.userId === co.owner.id),
        who,
      ).toMatchObject({ emailAddress: co.owner.email });
    }
    for (const [who, api] of [
      ['member without settings', clerk.api],
      ['token with invoices r', await tokenOf({ invoices: { r: true } })],
    ] as const) {
      const c = await read(api);
      expect(c.smtp, who).toBeNull();
      expect(c.payfast, who).toBeNull();
      const text = JSON.stringify(c);
      for (const secret of [SMTP.host, SMTP.user, PAYFAST.merchantId, PAYFAST.merchantKey])
        expect(text, `${who}: ${secret}`).not.toContain(secret);
      expect(text, who).not.toContain('@example.test');
      // What the screens use is still there: the members' names, groups, the company's own fields.
      expect(
        c.users.map((u: { userId: string }) => u.userId),
        who,
      ).toContain(clerk.id);
      expect(c.users[0], who).toMatchObject({ name: 'Test', isOwner: expect.any(Boolean) });
      expect(c.companyName, who).toBe('Answer Co');
    }
  });

  it('a member without settings r saves the company name without touching SMTP', async () => {
    const editor = await buildMember(h, co.id, { settings: { u: true } });
    const c = await read(editor.api);
    const r = await editor.api.post(`/api/companies/${co.id}`, {
      companyName: 'Answer Co',
      tax: c.tax,
      EmailAddress: c.EmailAddress,
      numbering: c.numbering,
      timeZone: c.timeZone,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await read(co.owner.api)).smtp).toMatchObject(SMTP);
  });
});

describe('chat rooms and task coupons', () => {
  it('answer an API token 401, whatever its rights, and a session as before', async () => {
    const token = await tokenOf({
      settings: { c: true, r: true, u: true, d: true },
      appointments: { r: true },
    });
    const calls: [string, string, Record<string, unknown>?][] = [
      ['GET', `/api/rooms?companyId=${co.id}`],
      ['POST', '/api/rooms/initiate', { companyId: co.id, userIds: [co.owner.id] }],
      ['GET', `/api/tasks?companyId=${co.id}`],
      ['POST', `/api/tasks/${randomUUID()}/use`, { companyId: co.id }],
      ['POST', `/api/tasks/${randomUUID()}/open`, { companyId: co.id }],
    ];
    for (const [method, url, body] of calls) {
      const r = await token.request(method as 'GET', url, body);
      expect(r.status, `${method} ${url}`).toBe(401);
    }
    expect((await co.owner.api.get(`/api/rooms?companyId=${co.id}`)).status).toBe(200);
    expect((await co.owner.api.get(`/api/tasks?companyId=${co.id}`)).status).toBe(200);
  });
});
