// npm run bench -- offline-cache: what a technician's phone keeps (docs/offline.md)
// for 40 jobs in the week, in Chromium at 390 x 844 against the built web app
// (PGlite). Signs in, opens the board, waits for the week's pack to be kept,
// and reads the phone's IndexedDB and navigator.storage.estimate(). Build the
// web app first (npm run build).
import type { Page } from 'playwright-core';
import { statusNode } from '@fieldbook/core';
import { signIn, startE2E } from '../../e2e/support/app.js';
import { newSizedPage } from '../../e2e/support/viewport.js';
import { buildCompany, buildMember } from '../../apps/server/test/support/factories.js';
import { buildClient } from '../../apps/server/test/support/finance-factories.js';

const WEEK_JOBS = Number(process.env.BENCH_OFFLINE_JOBS ?? 40);
const COMMENTS = 3;

/**
 * What the phone's offline database holds, as bytes of JSON (a script text:
 * tsx would name the page function's inner helpers with a __name it lacks).
 */
function measure(page: Page, userId: string) {
  return page.evaluate(`(async () => {
    const db = await new Promise((ok, no) => {
      const r = indexedDB.open('fieldbook-offline-${userId}');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => no(r.error);
    });
    if (!db.objectStoreNames.contains('kv')) return { kept: 0, jobs: 0, queries: 0, usage: 0 };
    const kv = await new Promise((ok) => {
      const r = db.transaction('kv').objectStore('kv').getAll();
      r.onsuccess = () => ok(r.result);
    });
    const row = kv.find((r) => r.key === 'queries');
    const queries = row ? row.value.queries : [];
    const estimate = await navigator.storage.estimate();
    db.close();
    return {
      kept: JSON.stringify(kv).length,
      jobs: queries.filter((q) => q.queryKey[3] === 'one').length,
      queries: queries.length,
      usage: estimate.usage || 0,
    };
  })()`) as Promise<{ kept: number; jobs: number; queries: number; usage: number }>;
}

export async function benchOfflineCache() {
  const e = await startE2E();
  try {
    const { id: cid, owner } = await buildCompany(e.h);
    const tech = await buildMember(e.h, cid, {
      appointments: { r: true, u: true },
      clients: { r: true },
    });
    const type = await owner.api.post(`/api/companies/${cid}/appointments/types`, {
      name: 'Geyser replacement',
      statuses: [
        statusNode('s-site', 'On site', 0, ['s-done']),
        statusNode('s-done', 'Job Done', 1, []),
      ],
      components: [
        { prop: 'client', label: 'Client', type: 'clientSelect' },
        { prop: 'serial', label: 'Serial number', type: 'text' },
        { prop: 'photos', label: 'Photos', type: 'images' },
        { prop: 'sig', label: 'Client signature', type: 'signiture' },
        { prop: 'notes', label: 'Notes', type: 'comments' },
      ],
    });
    if (type.status !== 200) throw new Error(JSON.stringify(type.body));
    const base = `/api/companies/${cid}/appointments`;
    for (let i = 0; i < WEEK_JOBS; i++) {
      const clientId = await buildClient(owner.api, cid, {
        name: `Client ${i}`,
        surname: 'Bench',
        email: `c${i}@example.test`,
      });
      const start = new Date(Date.now() + (i + 1) * 4 * 3600_000).toISOString();
      const job = await owner.api.post(base, {
        ...{
          appointmentTypeId: type.body._id,
          hasSchedule: true,
          startDate: start,
          endDate: start,
        },
        ...{ entityId: clientId, status: 'On site', assignedUsers: [tech.id] },
        faultDescription: `Geyser leaking through the ceiling, unit ${i}`,
        lineItems: [
          { description: 'Geyser 150 l', qty: 1, price: 6500 },
          { description: 'Labour (hours)', qty: 3, price: 450 },
        ],
        values: { serial: `KW-${1000 + i}` },
      });
      if (job.status !== 200) throw new Error(JSON.stringify(job.body));
      for (let c = 0; c < COMMENTS; c++)
        await owner.api.post(`${base}/${job.body._id}/comments`, {
          text: `Called the client ${c}`,
        });
    }
    const { context, page } = await newSizedPage(e, 'phone');
    await signIn(page, tech.username, tech.password);
    await page.goto('/statuses');
    let m = await measure(page, tech.id);
    for (let i = 0; i < 200 && m.jobs < WEEK_JOBS; i++) {
      await page.waitForTimeout(100); // a bench polls; tests wait for events
      m = await measure(page, tech.id);
    }
    console.log(
      `\nA technician's phone with ${WEEK_JOBS} jobs in the week (${COMMENTS} comments each), after opening the board\n`,
    );
    console.log(
      '| jobs kept | answers kept | offline database (JSON) | all site storage (estimate) |',
    );
    console.log('|---:|---:|---:|---:|');
    const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
    console.log(`| ${m.jobs} | ${m.queries} | ${kb(m.kept)} | ${kb(m.usage)} |`);
    await context.close();
  } finally {
    await e.close();
  }
}
