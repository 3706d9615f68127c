// npm run bench -- board: the status board, the schedule and live updates in
// Chromium (the built web app, PGlite), measured with a long-task observer and
// performance.now() in the page. Build the web app first (npm run build).
import { sql } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { DEFAULT_DISCOUNT, statusNode } from '@fieldbook/core';
import { signIn, startE2E, type E2E } from '../../e2e/support/app.js';
import {
  buildCompany,
  buildMember,
  type TestUser,
} from '../../apps/server/test/support/factories.js';
import { appointments, clients } from '../../apps/server/src/db/schema/index.js';
import { seededRandom } from '../../apps/server/src/seed/random.js';

const ACTIVE = 1_000;
const MONTH_EVENTS = 2_000;
const WEEK_EVENTS = 500;
const LIVE_RUNS = 20;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** The schedule's month (January 2027) and its busy week (Monday 11 January). */
const MONTH = Date.UTC(2027, 0, 1);
const WEEK = Date.UTC(2027, 0, 11);

interface Seeded {
  cid: string;
  typeId: string;
  owner: TestUser;
  tech: TestUser;
}

async function seed(e: E2E): Promise<Seeded> {
  const { id: cid, owner } = await buildCompany(e.h);
  const tech = await buildMember(e.h, cid, { appointments: { r: true, c: true, u: true } });
  const type = await owner.api.post(`/api/companies/${cid}/appointments/types`, {
    name: 'Geyser replacement',
    description: 'Bench type',
    statuses: [
      statusNode('st-new', 'New', 0, ['st-booked']),
      statusNode('st-booked', 'Booked', 1, ['st-site']),
      statusNode('st-site', 'On site', 2, ['st-done']),
      statusNode('st-done', 'Job Done', 3, []),
    ],
    components: [{ prop: 'client', label: 'Client', type: 'clientSelect' }],
  });
  if (type.status !== 200) throw new Error(`type: ${JSON.stringify(type.body)}`);
  const typeId = type.body._id as string;
  const db = e.h.deps.database.db;
  const rand = seededRandom(11);
  const clientRows = Array.from({ length: 300 }, (_, i) => ({
    companyId: cid,
    name: `Client ${i}`,
    surname: 'Bench',
    googlePosition: { lat: -33.9 + rand() / 10, lng: 18.4 + rand() / 10 },
  }));
  const clientIds = (await db.insert(clients).values(clientRows).returning({ id: clients.id })).map(
    (r) => r.id,
  );
  const priorities = ['Critical', 'High', 'Medium', 'Low', ''];
  const open = ['New', 'Booked', 'On site'];
  const now = Date.now();
  type JobRow = typeof appointments.$inferInsert;
  const job = (
    n: number,
    over: Pick<JobRow, 'status' | 'hasSchedule' | 'active' | 'startDate' | 'endDate'>,
  ): JobRow => ({
    companyId: cid,
    appointmentNumber: `JOB-${n + 1}`,
    appointmentTypeId: typeId,
    isAllDayEvent: false,
    priority: priorities[n % priorities.length]!,
    userId: n % 2 ? tech.id : owner.id,
    assignedUsers: [n % 2 ? tech.id : owner.id],
    entityId: clientIds[n % clientIds.length]!,
    faultDescription: `Geyser leaking from the overflow pipe, unit ${n}`,
    lineItems: [],
    discount: DEFAULT_DISCOUNT,
    values: {},
    log: [],
    ...over,
  });
  const rows: JobRow[] = [];
  // 1,000 active jobs: a tenth unscheduled, the rest in the three open statuses over a month.
  for (let n = 0; n < ACTIVE; n++) {
    const start = new Date(now + Math.floor(rand() * 30) * DAY - 15 * DAY);
    rows.push(
      job(n, {
        status: n % 10 === 0 ? null : open[n % 3],
        hasSchedule: n % 10 !== 0,
        active: true,
        startDate: start,
        endDate: new Date(start.getTime() + HOUR),
      }),
    );
  }
  // 2,000 done jobs in January 2027, 500 of them in the week of the 11th.
  for (let k = 0; k < MONTH_EVENTS; k++) {
    const inWeek = k < WEEK_EVENTS;
    const day = inWeek ? WEEK + (k % 5) * DAY : MONTH + (k % 31) * DAY;
    const dayOk = inWeek || day < WEEK || day >= WEEK + 7 * DAY ? day : day + 7 * DAY;
    const start = new Date(dayOk + (6 + (k % 10)) * HOUR);
    rows.push(
      job(ACTIVE + k, {
        status: 'Job Done',
        hasSchedule: true,
        active: false,
        startDate: start,
        endDate: new Date(start.getTime() + HOUR),
      }),
    );
  }
  for (let i = 0; i < rows.length; i += 500)
    await db.insert(appointments).values(rows.slice(i, i + 500));
  await db.execute(sql`analyze`);
  return { cid, typeId, owner, tech };
}

/**
 * Long tasks (over 50 ms) seen by the page since it loaded, collected by an init script,
 * and what ran in the long animation frames over 100 ms (Chromium's LoAF entries: each
 * script's file, function, what invoked it, and its time), to say where a long task goes.
 */
const OBSERVE = () => {
  const w = window as unknown as { __long: number[]; __frames: string[] };
  w.__long = [];
  w.__frames = [];
  new PerformanceObserver((l) => {
    for (const e of l.getEntries()) w.__long.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  interface Script {
    sourceURL: string;
    sourceFunctionName: string;
    invoker: string;
    duration: number;
    forcedStyleAndLayoutDuration: number;
  }
  new PerformanceObserver((l) => {
    for (const e of l.getEntries() as (PerformanceEntry & {
      scripts: Script[];
      renderStart: number;
      styleAndLayoutStart: number;
    })[]) {
      if (e.duration < 100) continue;
      const scripts = e.scripts
        .map(
          (x) =>
            `${Math.round(x.duration)} ms ${x.invoker} ${x.sourceURL.split('/').pop()}` +
            `${x.sourceFunctionName ? ` ${x.sourceFunctionName}` : ''}` +
            (x.forcedStyleAndLayoutDuration > 10
              ? ` (forced layout ${Math.round(x.forcedStyleAndLayoutDuration)} ms)`
              : ''),
        )
        .join('; ');
      const render = e.renderStart ? Math.round(e.startTime + e.duration - e.renderStart) : 0;
      w.__frames.push(`frame ${Math.round(e.duration)} ms (render ${render} ms): ${scripts}`);
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
};
const longTasks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __long: number[] }).__long.splice(0));
const longFrames = (page: Page) =>
  page.evaluate(() => (window as unknown as { __frames: string[] }).__frames.splice(0));

async function signedIn(e: E2E, user: TestUser) {
  const { context, page } = await e.newPage();
  await context.addInitScript(OBSERVE);
  page.setDefaultTimeout(60_000);
  await signIn(page, user.username, user.password);
  return page;
}

const ms = (n: number) => Math.round(n);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1]!;

/** BENCH_PROFILE=1: the functions that took the most of the board's opening (self time). */
function printProfile(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.url.split('/').pop() || '(native)'} ${f.functionName || '(anonymous)'}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  // Who called the DOM's appendChild (the insertions' cost), three frames up.
  const parent = new Map<number, number>();
  for (const n of profile.nodes as { id: number; children?: number[] }[])
    for (const c of n.children ?? []) parent.set(c, n.id);
  const callers = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    if (byId.get(id)!.callFrame.functionName !== 'appendChild') return;
    const chain: string[] = [];
    for (let p = parent.get(id), k = 0; p !== undefined && k < 6; p = parent.get(p), k++) {
      const f = byId.get(p)!.callFrame;
      chain.push(`${f.url.split('/').pop()}:${f.functionName}:${f.lineNumber}`);
    }
    const key = chain.join(' < ');
    callers.set(key, (callers.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  const byFile = new Map<string, number>();
  for (const [k, v] of self) byFile.set(k.split(' ')[0]!, (byFile.get(k.split(' ')[0]!) ?? 0) + v);
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${ms(v)} ms ${k}`);
  console.log(['board load, self time by file:', ...top(byFile, 12)].join('\n'));
  console.log(['board load, self time by function:', ...top(self, 25)].join('\n'));
  console.log(['board load, appendChild called from:', ...top(callers, 8)].join('\n'));
}

async function benchBoard(page: Page, s: Seeded) {
  const url = `/statuses?view=statuses&types=${s.typeId}`;
  const cdp = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const t0 = Date.now();
  await page.goto(url);
  await page.locator('[data-testid="job-card"]').first().waitFor();
  const firstCard = Date.now() - t0;
  await page.waitForLoadState('networkidle');
  if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
  const loadLong = await longTasks(page);
  for (const f of await longFrames(page)) console.log(`board load, long ${f}`);
  const cards = await page.locator('[data-testid="job-card"]').count();
  // A drag from New to Booked with the mouse, in small steps.
  const card = page
    .locator('[data-testid="board-column"][aria-label^="New,"] [data-testid="job-card"]')
    .first();
  const target = page.locator('[data-testid="board-column"][aria-label^="Booked,"]');
  const a = (await card.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + 10);
  await page.mouse.down();
  const steps = 30;
  for (let i = 1; i <= steps; i++)
    await page.mouse.move(
      a.x + a.width / 2 + ((b.x + b.width / 2 - a.x - a.width / 2) * i) / steps,
      a.y + 10 + ((b.y + 100 - a.y - 10) * i) / steps,
    );
  await page.mouse.up();
  await page.waitForLoadState('networkidle');
  const dragLong = await longTasks(page);
  return { firstCard, cards, loadLong, dragLong };
}

async function benchCalendar(page: Page, s: Seeded, cal: string, date: string) {
  const url = `/statuses?view=schedule&types=${s.typeId}&cal=${cal}&date=${date}`;
  await page.goto('/dashboard');
  await page.waitForLoadState('networkidle');
  await longTasks(page);
  const t0 = Date.now();
  await page.goto(url);
  const events = page.getByTestId('job-calendar').getByRole('button').filter({ hasText: 'JOB-' });
  await events.first().waitFor();
  const shown = Date.now() - t0;
  await page.waitForLoadState('networkidle');
  const long = await longTasks(page);
  const inDom = await events.count();
  // The render alone, with the range already loaded: to the list view and back by the toolbar.
  await page.getByTestId('job-calendar').getByText('List', { exact: true }).click();
  await page.waitForLoadState('networkidle');
  await longTasks(page);
  const t1 = Date.now();
  await page
    .getByTestId('job-calendar')
    .getByText(cal === 'dayGridMonth' ? 'Month' : 'Week', { exact: true })
    .click();
  await events.first().waitFor();
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const render = Date.now() - t1;
  return { shown, render, events: inDom, long, renderLong: await longTasks(page) };
}

/**
 * From a move saved (the same call a drop makes, sent by the first member)
 * until the second member's board, open in Chromium, shows the card in its
 * new column: save, push over socket.io, refetch, render.
 */
async function benchLive(b: Page, s: Seeded) {
  await b.goto(`/statuses?view=statuses&types=${s.typeId}&sort=id`);
  await b.locator('[data-testid="job-card"]').first().waitFor();
  await b.waitForLoadState('networkidle');
  const active = await s.owner.api.get(`/api/companies/${s.cid}/appointments/activeJobs`);
  const moving = (active.body as { _id: string; appointmentNumber: string; shownStatus: string }[])
    .filter((j) => j.shownStatus === 'New')
    .slice(0, LIVE_RUNS);
  const booked = () =>
    b.evaluate(() => {
      const label = document
        .querySelector('[data-testid="board-column"][data-column="Booked"]')
        ?.getAttribute('aria-label');
      return Number(/, (\d+) jobs?$/.exec(label ?? '')?.[1] ?? -1);
    });
  const times: number[] = [];
  for (const j of moving) {
    const before = await booked();
    const t0 = Date.now();
    const r = await s.owner.api.post(`/api/companies/${s.cid}/appointments`, {
      _id: j._id,
      status: 'Booked',
    });
    if (r.status !== 200) throw new Error(`move answered ${r.status}: ${JSON.stringify(r.body)}`);
    // The second board shows it: its Booked column counts one more (the card itself may be
    // scrolled out of the column's view).
    await b.waitForFunction(
      (n) => {
        const label = document
          .querySelector('[data-testid="board-column"][data-column="Booked"]')
          ?.getAttribute('aria-label');
        return label === `Booked, ${n} jobs`;
      },
      before + 1,
      { polling: 'raf', timeout: 10_000 },
    );
    times.push(Date.now() - t0);
  }
  return times;
}

export async function benchBoardBrowser() {
  const e = await startE2E();
  try {
    const t = Date.now();
    const s = await seed(e);
    console.log(
      `seeded ${ACTIVE} active and ${MONTH_EVENTS} done jobs in ${ms(Date.now() - t)} ms`,
    );
    const page = await signedIn(e, s.owner);
    const board = await benchBoard(page, s);
    const month = await benchCalendar(page, s, 'dayGridMonth', '2027-01-15');
    const week = await benchCalendar(page, s, 'timeGridWeek', '2027-01-12');
    const second = await signedIn(e, s.tech);
    const live = await benchLive(second, s);
    const max = (xs: number[]) => ms(Math.max(0, ...xs));
    console.log(`\n| measure | figure |\n|---|---:|`);
    console.log(`| board, ${ACTIVE} active jobs: first card shown, ms | ${board.firstCard} |`);
    console.log(`| board: cards in the DOM | ${board.cards} |`);
    console.log(
      `| board load: long tasks, count / longest ms | ${board.loadLong.length} / ${max(board.loadLong)} |`,
    );
    console.log(
      `| board drag New -> Booked: long tasks, count / longest ms | ${board.dragLong.length} / ${max(board.dragLong)} |`,
    );
    console.log(
      `| schedule month, ${MONTH_EVENTS} events: opened by its URL, ms | ${month.shown} (${month.events} in the DOM) |`,
    );
    console.log(`| schedule month: longest long task, ms | ${max(month.long)} |`);
    console.log(
      `| schedule month, data loaded: render, ms / longest long task | ${month.render} / ${max(month.renderLong)} |`,
    );
    console.log(
      `| schedule week, ${WEEK_EVENTS} events: opened by its URL, ms | ${week.shown} (${week.events} in the DOM) |`,
    );
    console.log(`| schedule week: longest long task, ms | ${max(week.long)} |`);
    console.log(
      `| schedule week, data loaded: render, ms / longest long task | ${week.render} / ${max(week.renderLong)} |`,
    );
    console.log(
      `| move in one browser until the other shows it, median / p95 ms (${live.length}) | ${ms(pct(live, 50))} / ${ms(pct(live, 95))} |`,
    );
  } finally {
    await e.close();
  }
}
