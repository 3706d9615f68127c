import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../support/app.js';

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
