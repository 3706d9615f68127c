import type { BrowserContext, Page } from 'playwright-core';
import { PAGE_TIMEOUT, type E2E } from './app.js';
import { recordTrail } from './trail.js';

/** A phone in portrait (an iPhone 12 to 15 sized screen), where technicians live. */
export const PHONE = { width: 390, height: 844 } as const;
/** The desktop size the other journeys use. */
export const DESKTOP = { width: 1280, height: 800 } as const;

export type Size = 'phone' | 'desktop';

/**
 * A page at phone or desktop size. The phone has touch and a mobile viewport,
 * as Chromium's device emulation does. CSP is bypassed only so that a journey
 * can inject axe-core; the app's own scripts are unaffected. A journey that
 * fakes the server's answers with `page.route` blocks the service worker: once
 * it controls the page, requests pass through it and Playwright no longer sees
 * them.
 */
export async function newSizedPage(
  e: E2E,
  size: Size,
  { blockServiceWorker = false }: { blockServiceWorker?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const phone = size === 'phone';
  const context = await e.browser.newContext({
    baseURL: e.baseUrl,
    viewport: phone ? PHONE : DESKTOP,
    isMobile: phone,
    hasTouch: phone,
    bypassCSP: true,
    ...(blockServiceWorker ? { serviceWorkers: 'block' as const } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_TIMEOUT);
  recordTrail(page);
  return { context, page };
}

/**
 * How far the page's content reaches past the viewport's right edge, in CSS
 * pixels (0 when nothing makes the page scroll sideways).
 */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Whether an element is inside the viewport horizontally (not clipped or
 * scrolled away to the right inside a scroll container).
 */
export async function inViewHorizontally(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) return false;
  const width = page.viewportSize()!.width;
  return box.x >= 0 && box.x + box.width <= width + 0.5;
}
