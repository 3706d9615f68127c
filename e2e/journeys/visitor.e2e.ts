import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../apps/server/test/support/factories.js';
import { signIn, startE2E, type E2E } from '../support/app.js';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e.close());

describe('a visitor', () => {
  it('sees the landing page, whose two buttons lead to sign-in', async () => {
    const { page, context } = await e.newPage();
    await page.goto('/');
    await expect
      .poll(() => page.getByRole('link', { name: 'Get Started' }).count())
      .toBeGreaterThan(0);
    await expect.poll(() => page.getByText('Version 0.3.2').count()).toBeGreaterThan(0);
    await e.shot(page, 'landing');
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/login');
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign In', exact: true }).count())
      .toBe(1);
    await page.goto('/');
    await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
    await page.waitForURL('**/login');
    await e.shot(page, 'login');
    await context.close();
  });

  it('gets the landing page as HTML at first byte, which the app takes over as it is', async () => {
    // What the server sends, before any script: the page's words and its links.
    const html = await (await fetch(`${e.baseUrl}/`)).text();
    expect(html).toContain('Quotes, jobs and invoices for small service businesses');
    expect(html).toContain('href="/login"');

    const { page, context } = await e.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (err) => errors.push(err.message));
    // The heading the parser made from the HTML, kept before the app's script runs.
    await page.addInitScript(() => {
      const w = window as unknown as { parsedHeading?: Element | null; violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (ev) =>
        w.violations.push(ev.violatedDirective),
      );
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') w.parsedHeading = document.querySelector('h1');
      });
    });
    await page.goto('/');
    // Hydrated: React holds the heading (its fiber is on the node), the very node parsed from
    // the HTML. A page drawn again instead would hold a new one.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(document.querySelector('h1') ?? {}).some((k) => k.startsWith('__reactFiber')),
        ),
      )
      .toBe(true);
    const kept = await page.evaluate(() => {
      const w = window as unknown as { parsedHeading?: Element | null };
      return !!w.parsedHeading && w.parsedHeading === document.querySelector('h1');
    });
    expect(kept).toBe(true);
    // And it works: a link is followed by the router, and Back returns to the page.
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/login');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: /Quotes, jobs and invoices/ }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
    ).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('once signed in, reloads / into the dashboard without a sight of the landing page', async () => {
    const user = await buildUser(e.h, { username: 'lerato', password: 'visitor password 1' });
    await buildCompany(e.h, user);
    const { page, context } = await e.newPage();
    await signIn(page, 'lerato', 'visitor password 1');
    // Whether the landing page's words were ever visible, watched from the document's start.
    await page.addInitScript(() => {
      const w = window as unknown as {
        landingSeen: boolean;
        hinted: boolean;
        violations: string[];
      };
      w.landingSeen = false;
      w.hinted = false;
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (ev) =>
        w.violations.push(ev.violatedDirective),
      );
      const look = () => {
        if (document.documentElement.hasAttribute('data-signed-in')) w.hinted = true;
        const h1 = document.querySelector('h1');
        if (
          h1?.textContent?.includes('Quotes, jobs and invoices') &&
          h1.checkVisibility({ visibilityProperty: true })
        )
          w.landingSeen = true;
      };
      new MutationObserver(look).observe(document, {
        subtree: true,
        childList: true,
        attributes: true,
      });
    });
    // A browser whose service worker is not in charge (it would answer with the app's shell).
    await page.evaluate(async () => {
      for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
    });
    await page.reload();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'attached' });
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    const seen = await page.evaluate(() => {
      const w = window as unknown as {
        landingSeen: boolean;
        hinted: boolean;
        violations: string[];
      };
      return { landingSeen: w.landingSeen, hinted: w.hinted, violations: w.violations };
    });
    // The hint ran (the CSP allowed it by its hash) and hid the page until the app came.
    expect(seen).toEqual({ landingSeen: false, hinted: true, violations: [] });
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-signed-in'))).toBe(
      false,
    );
    await context.close();
  });

  it('with a kept session the server no longer knows as one, still gets the page, shown', async () => {
    const { page, context } = await e.newPage();
    // What the hint sees (a key is kept) is not a session to the app: the page must show.
    await page.addInitScript(() => localStorage.setItem('fieldbook.session', '{}'));
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto('/');
    const heading = page.getByRole('heading', { level: 1, name: /Quotes, jobs and invoices/ });
    await heading.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.hasAttribute('data-signed-in')))
      .toBe(false);
    expect(await heading.isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.waitForURL('**/login');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gets the legal pages as HTML too, taken over without an error', async () => {
    for (const [path, words] of [
      ['/termsandconditions', /terms/i],
      ['/privacypolicy', /privacy/i],
    ] as const) {
      const html = await (await fetch(`${e.baseUrl}${path}`)).text();
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1], path).toMatch(words);
      const { page, context } = await e.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (err) => errors.push(err.message));
      await page.goto(path);
      await expect
        .poll(() =>
          page.evaluate(() =>
            Object.keys(document.querySelector('h1') ?? {}).some((k) =>
              k.startsWith('__reactFiber'),
            ),
          ),
        )
        .toBe(true);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });

  it('reads the terms and the privacy policy', async () => {
    const { page, context } = await e.newPage();
    await page.goto('/termsandconditions');
    await expect
      .poll(() => page.getByRole('heading', { name: /terms/i }).count())
      .toBeGreaterThan(0);
    await page.goto('/privacypolicy');
    // Each page loads on first visit: wait for it before reading it.
    await page
      .getByRole('heading', { name: /privacy/i })
      .first()
      .waitFor();
    const text = await page.locator('body').innerText();
    for (const topic of [/log files/i, /advert/i, /children under (the age of )?13/i, /consent/i])
      expect(text).toMatch(topic);
    await e.shot(page, 'privacy');
    await context.close();
  });

  it('is sent to / from any other path, signed-in ones included', async () => {
    const { page, context } = await e.newPage();
    for (const path of ['/companies', '/settings', '/no/such/page']) {
      await page.goto(path);
      await page.waitForURL((u) => u.pathname === '/');
    }
    await context.close();
  });
});
