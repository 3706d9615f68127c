import type { Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

const KEEP = 40;

/**
 * What a page did (navigations, console errors, uncaught errors, failed and
 * refused requests), printed with its address and visible text when the test
 * fails: a journey that fails on the CI machine says what the page showed.
 */
export function recordTrail(page: Page): void {
  const started = Date.now();
  const lines: string[] = [];
  const add = (line: string) => {
    lines.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
    if (lines.length > KEEP) lines.shift();
  };
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) add(`at ${f.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') add(`console.${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => add(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) =>
    add(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`),
  );
  page.on('response', (r) => {
    if (r.status() >= 400) add(`${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  try {
    onTestFailed(async ({ task }) => {
      let text = '(closed)';
      if (!page.isClosed())
        text = await page
          .locator('body')
          .innerText({ timeout: 2_000 })
          .catch((e: Error) => `(unreadable: ${e.message})`);
      const report = [
        `The page at ${page.url()} showed:`,
        text.slice(0, 2_000),
        'What it did:',
        ...lines,
      ].join('\n');
      console.error(report);
      // Also in the failure itself: the summary at the end of a long CI log is what gets read.
      const error = task.result?.errors?.[0];
      if (error) error.message = `${error.message}\n\n${report.slice(0, 3_000)}`;
    });
  } catch {
    // A page opened outside a test (beforeAll) has no test to report to.
  }
}
