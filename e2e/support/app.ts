import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { attachChatRealtime } from '../../apps/server/src/areas/chat/index.js';
import { attachTasksRealtime } from '../../apps/server/src/areas/tasks/index.js';
import { attachNotificationsRealtime } from '../../apps/server/src/areas/notifications/index.js';
import { attachRealtime } from '../../apps/server/src/platform/realtime.js';
import { startHarness, type Harness } from '../../apps/server/test/support/harness.js';
import { PAGE_TIMEOUT, SHOTS } from './constants.js';
import { launchJourneyBrowser } from './browser.js';
import { screenshot } from './screenshot.js';
import { recordTrail } from './trail.js';

const WEB_DIST = path.resolve(import.meta.dirname, '../../apps/web/dist');
export { PAGE_TIMEOUT, SHOTS } from './constants.js';

export interface E2E {
  h: Harness;
  baseUrl: string;
  browser: Browser;
  /** The copy of the built SPA that this server serves (a journey may change it). */
  webDist: string;
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
  shot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real app (API, SPA, socket.io) on a fresh database and a free port, and a
 * headless Chromium. `workers` also runs the job queue (bulk e-mail sending).
 */
export async function startE2E(opts: { workers?: boolean } = {}): Promise<E2E> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html')))
    throw new Error('Build the web app first: npm run build');
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'fb-web-'));
  fs.cpSync(WEB_DIST, webDist, { recursive: true });
  const h = await startHarness({}, { webDist, workers: opts.workers });
  const io = attachRealtime(h.app.server, h.deps);
  attachChatRealtime(io, h.deps);
  attachTasksRealtime(io, h.deps);
  attachNotificationsRealtime(io, h.deps);
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (h.app.server.address() as { port: number }).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Links in e-mails point at this server.
  h.deps.config.publicUrl = baseUrl;
  const browser = await launchJourneyBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
  return {
    h,
    baseUrl,
    browser,
    webDist,
    async newPage() {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: 1280, height: 800 },
      });
      const page = await context.newPage();
      page.setDefaultTimeout(PAGE_TIMEOUT);
      recordTrail(page);
      return { context, page };
    },
    shot: (page, name) => screenshot(page, name, { settle: true }),
    async close() {
      await browser.close();
      await io.close();
      await h.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
}

/** The first link in a mail's text that contains `needle`. */
export function linkIn(text: string, needle: string): string {
  const m = text.match(new RegExp(`https?://\\S*${needle.replace(/[?]/g, '\\?')}\\S*`));
  if (!m) throw new Error(`no link with ${needle} in: ${text}`);
  return m[0];
}

export { PNG } from './png.js';

/**
 * Go to `path` in the signed-in app the page shows, the way the app's own links go
 * (history and popstate, no new page load), or load it when the page shows no
 * signed-in app. A page load repeats the app's whole start, 1.5 to 2.5 s of
 * Chromium's CPU (docs/performance.md, "How long CI takes"); the journeys that
 * are about addresses and reloads (navigation, offline) still load pages.
 * The caller waits for what the screen shows, as after a click on a link.
 * Answers whether it stayed in the app (no page load, so no load state to wait for).
 */
export async function openInApp(page: Page, path: string): Promise<boolean> {
  if ((await page.getByRole('navigation', { name: 'Main menu' }).count()) === 0) {
    await page.goto(path);
    return false;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  return true;
}

/** Sign in through the sign-in screen and wait for the dashboard and its menu. */
export async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((u) => u.pathname === '/');
  // The menu comes whole once the member's rights are known (attached: a phone's is folded away).
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'attached' });
}
