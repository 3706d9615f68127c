import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { appointments } from '../../apps/server/src/db/schema/index.js';
import { DEMO } from '../../apps/server/src/seed/demo.js';
import { SHOTS, signIn, startE2E, type E2E } from '../support/app.js';
import { MODERATE_RULES, axeFindings, describeFindings, type AxeFinding } from '../support/axe.js';
import { mainScreens, openScreen, seedDemo, type Demo, type Screen } from '../support/screens.js';
import { newSizedPage, type Size } from '../support/viewport.js';

/**
 * axe-core on every main screen, signed out and signed in, at desktop and
 * phone size: no serious or critical finding, and one h1 on each screen.
 * Screenshots land in .tmp/screenshots (a11y-<size>-<screen>.png), and the
 * findings per screen in a11y-<size>.json beside them.
 */
let e: E2E;
let demo: Demo;
beforeAll(async () => {
  e = await startE2E();
  demo = await seedDemo(e);
});
afterAll(() => e.close());

interface Audit {
  findings: AxeFinding[];
  h1: number;
  error?: string;
}

async function audit(page: Page, size: Size, s: Screen): Promise<Audit> {
  try {
    await openScreen(page, s);
  } catch (err) {
    await e.shot(page, `a11y-${size}-${s.name}`);
    return { findings: [], h1: -1, error: String(err) };
  }
  await e.shot(page, `a11y-${size}-${s.name}`);
  return { findings: await axeFindings(page), h1: await page.locator('h1').count() };
}

for (const size of ['desktop', 'phone'] as const) {
  describe(`at ${size} size`, () => {
    it('has no serious or critical axe finding and one h1 on each screen', async () => {
      const screens = mainScreens(demo);
      const { page, context } = await newSizedPage(e, size);
      const report: Record<string, Audit> = {};
      for (const s of screens.filter((x) => !x.signedIn))
        report[s.name] = await audit(page, size, s);
      await signIn(page, DEMO.username, DEMO.password);
      for (const s of screens.filter((x) => x.signedIn))
        report[s.name] = await audit(page, size, s);
      await context.close();
      fs.writeFileSync(path.join(SHOTS, `a11y-${size}.json`), JSON.stringify(report, null, 2));

      const counts = Object.entries(report).map(
        ([name, r]) => `${name} ${r.findings.map((f) => f.id).join('+') || 0}`,
      );
      console.log(`serious or critical axe rules failing at ${size}: ${counts.join(', ')}`);
      for (const [name, r] of Object.entries(report)) {
        expect.soft(r.error, `${name} did not open`).toBeUndefined();
        expect.soft(r.findings, `${name}:\n${describeFindings(r.findings)}`).toEqual([]);
        expect.soft(r.h1, `${name}: number of h1`).toBe(1);
      }
      // Twenty screens, each opened, photographed and audited, on a shared two-core machine.
    }, 300_000);
  });
}

describe('the job modal and the recurring editor', () => {
  it('have no duplicate banner, empty table header or region finding either (moderate)', async () => {
    for (const size of ['desktop', 'phone'] as const) {
      const { page, context } = await newSizedPage(e, size);
      await signIn(page, DEMO.username, DEMO.password);
      // A demo job, opened in its modal over the board (the address holds it).
      const [demoJob] = await e.h.deps.database.db
        .select({ id: appointments.id })
        .from(appointments)
        .where(eq(appointments.companyId, demo.companyId))
        .limit(1);
      await page.goto(`/statuses?job=${demoJob!.id}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Save' }).first().waitFor();
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const job = await axeFindings(page, MODERATE_RULES);
      expect(job, `job modal at ${size}:\n${describeFindings(job)}`).toEqual([]);
      const editor = mainScreens(demo).find((s) => s.name === 'recurring-editor')!;
      await openScreen(page, editor);
      const recurring = await axeFindings(page, MODERATE_RULES);
      expect(recurring, `recurring editor at ${size}:\n${describeFindings(recurring)}`).toEqual([]);
      await context.close();
    }
  }, 240_000);
});
