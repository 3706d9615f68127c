import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessage } from '@fieldbook/core';
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
 * Two real server processes on one PostgreSQL database (DECISIONS §11): a
 * chat message posted on A reaches the room's members connected to A or B,
 * and a member disabled on A stops receiving on B at once.
 */
const PG_URL = process.env.TEST_DATABASE_URL;
/** This file's Redis database number (test/support/redis.ts). */
const REDIS_DB = 12;

for (const bus of EVENT_BUSES)
  describe.runIf(PG_URL)(
    `chat across two server processes on PostgreSQL, events over ${bus}`,
    () => {
      let mail: Awaited<ReturnType<typeof startMailCatcher>>;
      const dirs: string[] = [];
      const servers: ServerProcess[] = [];
      const sockets: Socket[] = [];
      let pgName = '';
      let a = '';
      let b = '';
      let owner: HttpApi;
      let ownerAuth = { username: 'owner', token: '' };
      let companyId = '';
      const password = 'a long enough password';

      async function start(env: Record<string, string>) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-chat-'));
        dirs.push(dir);
        const s = await spawnServer({ ...env, PORT: String(await freePort()), DATA_DIR: dir });
        servers.push(s);
        return s.url;
      }

      beforeAll(async () => {
        mail = await startMailCatcher();
        pgName = `fb_chat_${bus}_${process.pid}`;
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
        const login = await new HttpApi(a).post<{ token: string }>('/api/auth/login', {
          username: 'owner',
          password,
        });
        ownerAuth = { username: 'owner', token: login.token };
        const form = new FormData();
        form.append('companyName', 'Two Processes');
        companyId = (await owner.post<{ _id: string }>('/api/companies', form))._id;
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
      });

      /** A member who joined through an invitation; answers their credentials. */
      async function member(name: string) {
        const email = `${name}@example.test`;
        const groupId = (
          await owner.post<{ _id: string }>(`/api/companies/${companyId}/groups`, {
            name: `G ${name}`,
            rights: {},
          })
        )._id;
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
        return { id: body.user._id, username: name, token: body.token };
      }

      async function listen(base: string, who: { username: string; token: string }) {
        const s = await connectSocket(base, who, sockets);
        await joinCompany(s, companyId);
        const heard: TChatMessage[] = [];
        s.on('chat message', (m: TChatMessage) => heard.push(m));
        return heard;
      }

      it('delivers to members on either process; a member disabled on A stops on B at once', async () => {
        const ann = await member('ann');
        const bob = await member('bob');
        const ownerOnA = await listen(a, ownerAuth);
        const annOnB = await listen(b, ann);
        const bobOnA = await listen(a, bob);
        // Bob on B too: his 'after' there proves B has handled it (Ann's absence is read then).
        const bobOnB = await listen(b, bob);
        const { chatRoom } = await owner.post<{ chatRoom: { _id: string } }>(
          '/api/rooms/initiate',
          {
            companyId,
            userIds: [ann.id, bob.id],
          },
        );
        const annApi = new HttpApi(b, {
          username: ann.username,
          authorization: `Bearer ${ann.token}`,
        });
        await owner.post(`/api/rooms/${chatRoom._id}/message`, { text: 'from A' });
        await annApi.post(`/api/rooms/${chatRoom._id}/message`, { text: 'from B' });
        for (const heard of [ownerOnA, annOnB, bobOnA])
          await expect
            .poll(() => heard.map((m) => m.message), { timeout: 5000 })
            .toEqual(['from A', 'from B']);

        await owner.post(`/api/companies/${companyId}/users/${ann.id}`, { disabled: true });
        await owner.post(`/api/rooms/${chatRoom._id}/message`, { text: 'after' });
        await expect.poll(() => bobOnA.length, { timeout: 5000 }).toBe(3);
        await expect
          .poll(() => bobOnB.map((m) => m.message))
          .toEqual(['from A', 'from B', 'after']);
        expect(annOnB.map((m) => m.message)).toEqual(['from A', 'from B']);
      });
    },
  );
