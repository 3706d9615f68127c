import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../src/db/schema/index.js';
import { COMPANY_SMTP_FAILED, COMPANY_SMTP_PRIVATE } from '../../src/platform/mail.js';
import { isPrivateAddress } from '../../src/platform/outbound-guard.js';
import { buildCompany, type TestUser } from '../support/factories.js';
import { buildClient, buildInvoice } from '../support/finance-factories.js';
import { startHarness, type Harness } from '../support/harness.js';

/** The default: company SMTP servers may not be on private addresses. */
let h: Harness;
/** An operator who allows them (COMPANY_SMTP_ALLOW_PRIVATE), with a short timeout. */
let lan: Harness;
beforeAll(async () => {
  h = await startHarness();
  lan = await startHarness({ COMPANY_SMTP_ALLOW_PRIVATE: '1', COMPANY_SMTP_TIMEOUT_MS: '700' });
});
afterAll(async () => {
  await h.close();
  await lan.close();
});

const smtp = { host: 'smtp.example.test', port: 587, secure: false, user: 'mailer' };
const save = (owner: TestUser, id: string, s: unknown) =>
  owner.api.post(`/api/companies/${id}`, {
    companyName: 'Mail Co',
    EmailAddress: 'o@co.test',
    smtp: s,
  });
const stored = async (hh: Harness, id: string) =>
  (await hh.deps.database.db.select().from(companies).where(eq(companies.id, id)))[0]!.smtp;

describe('the SMTP host', () => {
  it('refuses loopback, link-local and private addresses, and names and forms of them', async () => {
    const { id, owner } = await buildCompany(h);
    for (const host of [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f.1',
      'localhost',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '::1',
      '[::1]',
      '::',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '64:ff9b::7f00:1',
      '::ffff:0:127.0.0.1', // IPv4-translated (RFC 2765)
      '::ffff:0:a9fe:a9fe',
    ]) {
      const r = await save(owner, id, { ...smtp, host, password: 'pw' });
      expect(r.status, host).toBe(400);
      expect(r.body.fields['smtp.host'], host).toBe('is a private or local network address');
    }
    expect(await stored(h, id)).toBeNull();
    for (const host of ['smtp.example.test', '8.8.8.8', '2001:4860:4860::8888', '::ffff:8.8.8.8'])
      expect((await save(owner, id, { ...smtp, host })).status, host).toBe(200);
  });

  it('is a host name or an IP address (400 naming smtp.host)', async () => {
    const { id, owner } = await buildCompany(h);
    for (const host of [
      'smtp example',
      '-smtp.test',
      'fe80::1%eth0',
      'smtp.test/x',
      'a'.repeat(254),
    ]) {
      const r = await save(owner, id, { ...smtp, host });
      expect(r.status, host).toBe(400);
      expect(r.body.fields['smtp.host'], host).toBeDefined();
    }
  });

  it('classifies addresses', () => {
    expect(isPrivateAddress('1.1.1.1')).toBe(false);
    expect(isPrivateAddress('172.32.0.1')).toBe(false);
    expect(isPrivateAddress('172.31.255.255')).toBe(true);
    expect(isPrivateAddress('not an address')).toBe(true);
    // NAT64's well-known prefix and IPv4-translated addresses reach IPv4 through a translator.
    expect(isPrivateAddress('64:ff9b::a00:1')).toBe(true);
    expect(isPrivateAddress('64:ff9b::808:808')).toBe(true);
    expect(isPrivateAddress('::ffff:0:127.0.0.1')).toBe(true);
    expect(isPrivateAddress('::ffff:0:0:0')).toBe(true);
    // IPv4-mapped addresses are judged by their IPv4 address.
    expect(isPrivateAddress('::ffff:8.8.8.8')).toBe(false);
    expect(isPrivateAddress('64:ff9c::1')).toBe(false);
  });

  it('allows them when the operator says so', async () => {
    const { id, owner } = await buildCompany(lan);
    expect((await save(owner, id, { ...smtp, host: '192.168.1.10' })).status).toBe(200);
  });
});

describe('the stored password', () => {
  it('is dropped when the host, port or username changes, and kept for the same server', async () => {
    const { id, owner } = await buildCompany(h);
    const hasPassword = async () =>
      (await owner.api.get(`/api/companies/${id}`)).body.smtp.hasPassword as boolean;
    for (const change of [{ host: 'smtp2.example.test' }, { port: 465 }, { user: 'other' }]) {
      expect((await save(owner, id, { ...smtp, password: 'pw' })).status).toBe(200);
      expect((await save(owner, id, { ...smtp, secure: true })).status).toBe(200);
      expect(await hasPassword()).toBe(true);
      expect((await save(owner, id, { ...smtp, ...change })).status).toBe(200);
      expect(await hasPassword(), JSON.stringify(change)).toBe(false);
      expect((await stored(h, id))?.passwordSealed).toBeNull();
    }
    // A new server with its password typed again keeps it.
    expect((await save(owner, id, { ...smtp, port: 2525, password: 'new' })).status).toBe(200);
    expect(h.deps.sealer.open((await stored(h, id))!.passwordSealed!)).toBe('new');
  });
});

describe('sending through an unusable company SMTP server', () => {
  let owner: TestUser;
  let cid: string;
  let invoiceId: string;
  const send = (test = false) =>
    owner.api.post(`/api/companies/${cid}/invoices/${invoiceId}/email`, {
      to: ['ann@example.test'],
      subject: 'Invoice',
      test,
    });

  beforeAll(async () => {
    ({ id: cid, owner } = await buildCompany(lan));
    const client = await buildClient(owner.api, cid, { name: 'Ann' });
    invoiceId = (await buildInvoice(owner.api, cid, client))._id;
  });

  async function listen(server: net.Server): Promise<number> {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return (server.address() as AddressInfo).port;
  }

  it('answers 400 with one message, whether refused, silent or refusing the login', async () => {
    // A port nobody listens on.
    const closed = net.createServer();
    const closedPort = await listen(closed);
    await new Promise<void>((r) => closed.close(() => r()));
    // A server that accepts and never greets.
    const silent = net.createServer(() => {});
    const silentPort = await listen(silent);
    // A real SMTP server that refuses the password.
    const strict = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth: (_a, _s, cb) => cb(new Error('535 no')),
    });
    await new Promise<void>((r) => strict.listen(0, '127.0.0.1', r));
    const strictPort = (strict.server.address() as AddressInfo).port;
    try {
      // The mailer alone (no printing): the silent server is given up on after the timeout.
      const t0 = Date.now();
      const via = { host: '127.0.0.1', port: silentPort, secure: false, user: '', password: null };
      const msg = { to: 'a@example.test', subject: 'x', text: 'x' };
      await expect(lan.deps.mailer.send(msg, via)).rejects.toThrow(COMPANY_SMTP_FAILED);
      expect(Date.now() - t0).toBeLessThan(3 * 700 + 1_500);
      for (const port of [closedPort, silentPort, strictPort]) {
        expect(
          (await save(owner, cid, { ...smtp, host: '127.0.0.1', port, password: 'x' })).status,
        ).toBe(200);
        for (const test of [false, true]) {
          const r = await send(test);
          expect(r.status, `port ${port}`).toBe(400);
          expect(r.body.error).toBe(COMPANY_SMTP_FAILED);
        }
      }
    } finally {
      silent.close();
      await new Promise<void>((r) => strict.close(() => r()));
    }
  });

  it('never connects to a private address stored before the rule (400, nothing sent)', async () => {
    const { id, owner: o } = await buildCompany(h);
    const client = await buildClient(o.api, id, { name: 'Ann' });
    const inv = await buildInvoice(o.api, id, client);
    let connected = 0;
    const trap = net.createServer((s) => {
      connected++;
      s.destroy();
    });
    await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
    const port = (trap.address() as AddressInfo).port;
    try {
      for (const host of ['localhost', '127.0.0.1', '::ffff:127.0.0.1']) {
        await h.deps.database.db
          .update(companies)
          .set({ smtp: { ...smtp, host, port, passwordSealed: null } })
          .where(eq(companies.id, id));
        const r = await o.api.post(`/api/companies/${id}/invoices/${inv._id}/email`, {
          to: ['ann@example.test'],
          subject: 'Invoice',
        });
        expect(r.status, host).toBe(400);
        expect(r.body.error).toBe(COMPANY_SMTP_PRIVATE);
      }
      expect(connected).toBe(0);
    } finally {
      trap.close();
    }
  });
});
