import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../support/mail-catcher.js';
import { connectSocket, joinCompany } from '../support/socket-helpers.js';
import {
  HttpApi,
  createUserCli,
  freePort,
  spawnServer,
  type ServerProcess,
} from '../support/server-process.js';
import { EVENT_BUSES, bridgeClients, busEnv } from '../support/redis.js';

/**
 * Two server processes on one PostgreSQL database: a revocation or rights
 * change made on A holds on B at once, not after B's 30 s caches run out
 * (measured before: refused after 30,223 ms), and B's sockets follow.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
/** This file's Redis database number (test/support/redis.ts). */
const REDIS_DB = 13;
/** "At once": the notice crosses PostgreSQL in milliseconds; 30 s was the bug. */
const AT_ONCE_MS = 2000;

for (const bus of EVENT_BUSES)
  describe.runIf(PG_URL)(
    `revocation across two server processes on PostgreSQL, events over ${bus}`,
    () => {
      let mail: Awaited<ReturnType<typeof startMailCatcher>>;
      const dirs: string[] = [];
      const servers: ServerProcess[] = [];
      const sockets: Socket[] = [];
      let pgName = '';
      let a = '';
      let b = '';
      let owner: HttpApi;
      let companyId = '';
      let groupId = '';
      const password = 'a long enough password';
      const measured: Record<string, number> = {};

      async function start(env: Record<string, string>) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-revoke-'));
        dirs.push(dir);
        const s = await spawnServer({ ...env, PORT: String(await freePort()), DATA_DIR: dir });
        servers.push(s);
        return s.url;
      }

      beforeAll(async () => {
        mail = await startMailCatcher();
        pgName = `fb_revoke_${bus}_${process.pid}`;
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${pgName}`);
        await admin.end();
        const u = new URL(PG_URL!);
        u.pathname = `/${pgName}`;
        const env: Record<string, string> = {
          NODE_ENV: 'production',
          DATABASE_URL: u.toString(),
          SMTP_URL: mail.url,
          PUBLIC_URL: 'http://fieldbook.test',
          ...(await busEnv(bus, REDIS_DB)),
        };
        // One after the other: the first migrates.
        a = await start(env);
        b = await start(env);
        // On Redis, each process's two bridge connections, and no NOTIFY: the events go through Redis.
        if (env.REDIS_URL) expect(await bridgeClients(env.REDIS_URL)).toBe(4);
        await createUserCli(env, { username: 'owner', password, email: 'owner@example.test' });
        owner = await HttpApi.login(a, 'owner', password);
        const form = new FormData();
        form.append('companyName', 'Two Processes');
        companyId = (await owner.post<{ _id: string }>('/api/companies', form))._id;
        groupId = (
          await owner.post<{ _id: string }>(`/api/companies/${companyId}/groups`, {
            name: 'Office',
            rights: { settings: { r: true }, invoices: { r: true } },
          })
        )._id;
      }, 180_000);

      afterAll(async () => {
        sockets.forEach((s) => s.disconnect());
        for (const s of servers) await s.kill('SIGKILL');
        await mail?.close();
        if (pgName) {
          const admin = new pg.Client({ connectionString: PG_URL });
          await admin.connect();
          await admin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
          await admin.end();
        }
        for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
        console.log(`revocation reached the other process after (ms): ${JSON.stringify(measured)}`);
      });

      /** A member who joined through an invitation (signed in on A); answers their credentials. */
      async function member(name: string) {
        const email = `${name}@example.test`;
        await owner.post('/api/people/invite', {
          companyId,
          email,
          name,
          surname: 'M',
          group: groupId,
        });
        const token = /token=([\w-]+)/.exec((await mail.last(email)).text)![1]!;
        const r = await fetch(`${a}/api/auth/invitation/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token, username: name, password, name, surname: 'M' }),
        });
        expect(r.status).toBe(200);
        const body = (await r.json()) as { token: string; user: { _id: string } };
        return { id: body.user._id, username: name, email, token: body.token };
      }

      const status = async (base: string, url: string, who: { username: string; token: string }) =>
        (
          await fetch(base + url, {
            headers: { username: who.username, authorization: `Bearer ${who.token}` },
          })
        ).status;

      /** How long B takes to answer `want` after `act` ran on A (B has the old answer cached). */
      async function timeUntil(
        label: string,
        url: string,
        who: { username: string; token: string },
        want: number,
        act: () => Promise<unknown>,
      ) {
        // B answers 200 (after a change undone just before, once its notice arrived), and caches it.
        await expect.poll(() => status(b, url, who), { timeout: AT_ONCE_MS }).toBe(200);
        expect(await status(b, url, who)).toBe(200);
        await act();
        const t0 = Date.now();
        let got = await status(b, url, who);
        while (got !== want && Date.now() - t0 < 35_000) {
          await new Promise((r) => setTimeout(r, 10));
          got = await status(b, url, who);
        }
        measured[label] = Date.now() - t0;
        expect(got).toBe(want);
        expect(measured[label]).toBeLessThan(AT_ONCE_MS);
      }

      const onA = (who: { username: string; token: string }) =>
        new HttpApi(a, { username: who.username, authorization: `Bearer ${who.token}` });

      it('a logout on A is refused on B at once', async () => {
        const m = await member('logsout');
        await timeUntil('logout', '/api/companies', m, 401, () =>
          onA(m).post('/api/auth/logout', {}),
        );
      });

      it('a password reset on A ends the sessions on B at once', async () => {
        const m = await member('resets');
        await timeUntil('reset', '/api/companies', m, 401, async () => {
          await new HttpApi(a).post('/api/auth/login', { username: m.username, isReset: true });
          const token = /Reset token: (\S+)/.exec((await mail.last(m.email)).text)![1]!;
          const pw = 'a brand new password';
          await new HttpApi(a).post('/api/auth/login', {
            username: m.username,
            isReset: true,
            token,
            password: pw,
            confirmPassword: pw,
          });
        });
      });

      it('an API token revoked on A, or a right its member loses there, holds on B at once', async () => {
        const m = await member('tokens');
        const tokens = `/api/companies/${companyId}/api-tokens`;
        const make = () =>
          onA(m).post<{ token: string; apiToken: { _id: string } }>(tokens, {
            name: 'Sync',
            expiresInDays: null,
            rights: { invoices: { r: true }, settings: { r: true } },
          });
        const groups = `/api/companies/${companyId}/groups`;
        const first = await make();
        const asToken = { username: m.username, token: first.token };
        await timeUntil('api token revoked', groups, asToken, 401, () =>
          onA(m).post(`${tokens}/${first.apiToken._id}/revoke`, {}),
        );
        const second = { username: m.username, token: (await make()).token };
        await timeUntil('api token right lost', groups, second, 403, () =>
          owner.post(groups, { _id: groupId, name: 'Office', rights: { invoices: { r: true } } }),
        );
        await owner.post(groups, {
          _id: groupId,
          name: 'Office',
          rights: { settings: { r: true }, invoices: { r: true } },
        });
      });

      it('changed rights, a disabled member and a removed member hold on B at once', async () => {
        const m = await member('changes');
        const groups = `/api/companies/${companyId}/groups`;
        await timeUntil('rights', groups, m, 403, () =>
          owner.post(groups, { _id: groupId, name: 'Office', rights: { settings: { r: false } } }),
        );
        await owner.post(groups, {
          _id: groupId,
          name: 'Office',
          rights: { settings: { r: true } },
        });
        const company = `/api/companies/${companyId}`;
        await timeUntil('disable', company, m, 403, () =>
          owner.post(`${company}/users/${m.id}`, { disabled: true }),
        );
        await owner.post(`${company}/users/${m.id}`, { disabled: false });
        await timeUntil('removal', company, m, 404, () =>
          owner.post(`${company}/users/${m.id}/delete`, {}),
        );
      });

      it("B's sockets of a disabled member leave the room, and of a logged-out one disconnect", async () => {
        const socketOn = async (base: string, who: { username: string; token: string }) => {
          const s = await connectSocket(base, who, sockets);
          await joinCompany(s, companyId);
          const heard: unknown[] = [];
          s.on('invoicesChanged', (p) => heard.push(p));
          return { s, heard };
        };
        const disabled = await member('sockdisabled');
        const loggedOut = await member('socklogout');
        const ownerLogin = await new HttpApi(a).post<{ token: string }>('/api/auth/login', {
          username: 'owner',
          password,
        });
        const ownerSocket = await socketOn(b, { username: 'owner', token: ownerLogin.token });
        const dSocket = await socketOn(b, disabled);
        const lSocket = await socketOn(b, loggedOut);

        const gone = new Promise((r) => lSocket.s.once('disconnect', r));
        await onA(loggedOut).post('/api/auth/logout', {});
        const t0 = Date.now();
        expect(await gone).toBe('io server disconnect');
        measured.socketLogout = Date.now() - t0;
        expect(measured.socketLogout).toBeLessThan(AT_ONCE_MS);

        await owner.post(`/api/companies/${companyId}/users/${disabled.id}`, { disabled: true });
        // A push from A (a bulk send) reaches the owner's socket on B, not the disabled member's.
        await owner.post(`/api/companies/${companyId}`, {
          companyName: 'Two Processes',
          EmailAddress: 'office@example.test',
        });
        const { _id: clientId } = await owner.post<{ _id: string }>(
          `/api/companies/${companyId}/entities`,
          { name: 'Push', surname: 'Client', email: 'push@example.test' },
        );
        const [inv] = await owner.invoices(companyId, clientId, 1, '2026-11-02');
        await owner.post(`/api/companies/${companyId}/invoices/bulkemail`, { ids: [inv] });
        await expect.poll(() => ownerSocket.heard.length, { timeout: 5000 }).toBeGreaterThan(0);
        expect(dSocket.heard).toEqual([]);
        expect(dSocket.s.connected).toBe(true);
      });
    },
  );
