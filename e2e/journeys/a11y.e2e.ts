import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../../apps/server/src/seed/demo.js';
import { SHOTS, signIn, startE2E, type E2E } from '../support/app.js';
import { axeFindings, describeFindings, type AxeFinding } from '../support/axe.js';
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
