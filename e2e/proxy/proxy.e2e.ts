import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { statusNode } from '@fieldbook/core';
import {
  HttpApi,
  createUserCli,
  freePort,
  spawnServer,
  type ServerProcess,
} from '../../apps/server/test/support/server-process.js';
import { EVENT_BUSES, busEnv } from '../../apps/server/test/support/redis.js';
import { PAGE_TIMEOUT, SHOTS } from '../support/constants.js';
import { startNginx, type Nginx } from './nginx.js';
import { launchJourneyBrowser } from '../support/browser.js';

/**
 * The tested topology of docs/deploy.md ("Behind a proxy"): nginx with
 * deploy/nginx.conf in front of two compiled processes (`npm start`'s
 * dist/main.mjs) on one PostgreSQL database. Two colleagues sign in through the
 * proxy with their sockets on different processes; one chats to the other, and a
 * job moved on one process shows live on the other's board. Then the process
 * holding the owner's socket is killed: the browser reconnects through the proxy
 * to the other process and carries on, and a message written meanwhile is there.
 * Once with the events between processes on PostgreSQL NOTIFY (the default), once
 * on Redis (REDIS_URL).
 */
const PG_URL = process.env.TEST_DATABASE_URL;
if (!PG_URL) throw new Error('The proxy journey runs on PostgreSQL: set TEST_DATABASE_URL');
const METRICS_TOKEN = 'proxy-journey-metrics-token';
const password = 'proxy journey password';
/** This file's Redis database number (apps/server/test/support/redis.ts). */
const REDIS_DB = 9;

for (const bus of EVENT_BUSES)
  describe(`nginx in front of two processes, events over ${bus}`, () => {
    let dbName: string;
    let dataDir: string;
    let servers: ServerProcess[] = [];
    let nginx: Nginx;
    let browser: Browser;
    let owner: HttpApi;
    let companyId: string;
    let jobNumber: string;
    let jobId: string;
    let typeId: string;

    async function admin<T extends pg.QueryResultRow>(
      url: string,
      sql: string,
      params: unknown[] = [],
    ) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query<T>(sql, params)).rows;
      } finally {
        await c.end();
      }
    }

    beforeAll(async () => {
      dbName = `fb_proxy_${bus}_${process.pid}`;
      await admin(PG_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin(PG_URL, `CREATE DATABASE ${dbName}`);
      const u = new URL(PG_URL);
      u.pathname = `/${dbName}`;
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-proxy-'));
      const events = await busEnv(bus, REDIS_DB);
      const ports = [await freePort(), await freePort()];
      const proxyPort = await freePort();
      const env = (port: number) => ({
        NODE_ENV: 'production',
        PORT: String(port),
        DATABASE_URL: u.toString(),
        // Uploaded files are shared by the processes, as the database is.
        DATA_DIR: dataDir,
        SECRET_KEY: 'a'.repeat(64),
        PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
        TRUST_PROXY: 'loopback',
        METRICS_TOKEN,
        LOG_REQUESTS: '0',
        ...events,
      });
      await createUserCli(env(ports[0]!), {
        username: 'thandi',
        password,
        email: 't@example.test',
      });
      await createUserCli(env(ports[0]!), { username: 'sipho', password, email: 's@example.test' });
      // Both start together: one migrates (the advisory lock), the other waits for it.
      servers = await Promise.all(ports.map((p) => spawnServer(env(p), { compiled: true })));
      nginx = await startNginx(proxyPort, ports);

      // Through the proxy: Thandi's company, Sipho in it, a workflow and a job.
      owner = await HttpApi.login(nginx.url, 'thandi', password);
      companyId = (await owner.companyWithClient('Proxy Plumbing')).companyId;
      const db = u.toString();
      await admin(
        db,
        `UPDATE users SET name = 'Thandi', surname = 'Mokoena' WHERE username = 'thandi'`,
      );
      await admin(
        db,
        `UPDATE users SET name = 'Sipho', surname = 'Dlamini' WHERE username = 'sipho'`,
      );
      await admin(
        db,
        `INSERT INTO company_members (company_id, user_id)
       SELECT $1, id FROM users WHERE username = 'sipho'`,
        [companyId],
      );
      const jobs = `/api/companies/${companyId}/appointments`;
      const type = await owner.post<{ _id: string }>(`${jobs}/types`, {
        name: 'Repairs',
        description: '',
        order: 0,
        statuses: [
          statusNode('p-new', 'New', 0, ['p-booked']),
          // Booked leads on, so it is not final (a final status is hidden on the board).
          statusNode('p-booked', 'Booked', 1, ['p-done']),
          statusNode('p-done', 'Done', 2, []),
        ],
        components: [],
      });
      const start = new Date(Date.now() + 86_400_000).toISOString();
      const job = await owner.post<{ _id: string; appointmentNumber: string }>(jobs, {
        appointmentTypeId: type._id,
        status: 'New',
        faultDescription: 'Leaking tap',
        hasSchedule: true,
        startDate: start,
        endDate: start,
      });
      jobId = job._id;
      typeId = type._id;
      jobNumber = job.appointmentNumber;
      browser = await launchJourneyBrowser();
      fs.mkdirSync(SHOTS, { recursive: true });
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await nginx?.close();
      await Promise.all(servers.map((s) => s.kill('SIGTERM')));
      if (dbName) await admin(PG_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** The sockets a process serves, from its /metrics. */
    async function socketsOf(s: ServerProcess): Promise<number> {
      const r = await fetch(`${s.url}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const m = /^fieldbook_sockets (\d+)/m.exec(await r.text());
      if (!m) throw new Error('no fieldbook_sockets in /metrics');
      return Number(m[1]);
    }
    const counts = () => Promise.all(servers.map(socketsOf));

    async function signedIn(username: string): Promise<Page> {
      const context = await browser.newContext({
        baseURL: nginx.url,
        viewport: { width: 1280, height: 800 },
      });
      const page = await context.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT);
      await page.goto('/login');
      await page.getByLabel('Username').fill(username);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      return page;
    }

    /** Which process holds the socket that just connected: the one whose count went up. */
    async function socketAdded(before: number[]): Promise<number> {
      let now = before;
      await expect
        .poll(async () => {
          now = await counts();
          return now.reduce((a, b) => a + b, 0);
        })
        .toBe(before.reduce((a, b) => a + b, 0) + 1);
      return now.findIndex((n, i) => n > before[i]!);
    }

    const messages = (page: Page) => page.getByTestId('chat-message');

    it(`chats across two processes behind nginx (events over ${bus}), follows a move live, and survives a process dying`, async () => {
      let before = await counts();
      const thandi = await signedIn('thandi');
      const thandiOn = await socketAdded(before);
      onTestFailed(async () => {
        await thandi.screenshot({ path: path.join(SHOTS, 'failed-proxy-thandi.png') });
      });

      // Sipho's socket on the other process: the proxy takes turns, so another visit or two gets
      // there. Each try leaves the app (its socket closes) and opens it again.
      before = await counts();
      const sipho = await signedIn('sipho');
      let siphoOn = await socketAdded(before);
      for (let tries = 0; siphoOn === thandiOn; tries++) {
        expect(tries, 'the proxy never sent Sipho to the other process').toBeLessThan(10);
        await sipho.goto('about:blank');
        await expect.poll(() => counts()).toEqual(servers.map((_, i) => (i === thandiOn ? 1 : 0)));
        const alone = await counts();
        await sipho.goto(`${nginx.url}/`);
        siphoOn = await socketAdded(alone);
      }
      expect(siphoOn).toBe(1 - thandiOn);

      // Thandi starts a chat with Sipho and writes; Sipho, on the other process, sees it.
      await thandi.getByRole('button', { name: 'New chat' }).click();
      const dialog = thandi.getByRole('dialog', { name: 'New chat' });
      await dialog.getByLabel('Colleagues').click();
      await thandi.getByRole('option', { name: 'Sipho Dlamini' }).click();
      await dialog.getByRole('heading', { name: 'New chat' }).click();
      await dialog.getByRole('button', { name: 'Start chat' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await thandi.getByPlaceholder('Type Message ...').fill('Can you take the 10:00?');
      await thandi.getByRole('button', { name: 'Send' }).click();
      const contacts = (page: Page) => page.getByRole('list', { name: 'Contacts' });
      await contacts(sipho).getByText('Thandi Mokoena').click();
      await messages(sipho).getByText('Can you take the 10:00?').waitFor();

      // A move made on the other process (Thandi in another tool, straight to it) shows live on
      // her board, whose socket is on hers.
      await thandi.goto(`/statuses?types=${typeId}`);
      const card = thandi.locator(`[data-testid="job-card"][data-job="${jobNumber}"]`);
      const columnOfCard = () =>
        card.evaluate((el) => el.closest('[data-column]')?.getAttribute('data-column') ?? null);
      await expect.poll(columnOfCard).toBe('New');
      const onOther = await HttpApi.login(servers[siphoOn]!.url, 'thandi', password);
      await onOther.post(`/api/companies/${companyId}/appointments`, {
        _id: jobId,
        status: 'Booked',
      });
      await expect.poll(columnOfCard).toBe('Booked');

      // Thandi's process dies. Sipho writes at once; Thandi's browser reconnects through the
      // proxy to the process left, and the message is there.
      await thandi.goto('/');
      await servers[thandiOn]!.kill('SIGKILL');
      await sipho.getByPlaceholder('Type Message ...').fill('Yes, on my way');
      await sipho.getByRole('button', { name: 'Send' }).click();
      await messages(sipho).getByText('Yes, on my way').waitFor();
      await expect.poll(() => socketsOf(servers[siphoOn]!)).toBe(2);
      await contacts(thandi).getByText('Sipho Dlamini').click();
      await messages(thandi).getByText('Yes, on my way').waitFor();

      // And she carries on: her answer reaches Sipho live.
      await thandi.getByPlaceholder('Type Message ...').fill('Thanks!');
      await thandi.getByRole('button', { name: 'Send' }).click();
      await messages(sipho).getByText('Thanks!').waitFor();
      await thandi.screenshot({
        path: path.join(SHOTS, 'proxy-after-failover.png'),
        fullPage: true,
      });
    }, 240_000);
  });
