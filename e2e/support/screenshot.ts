import path from 'node:path';
import type { Page } from 'playwright-core';
import { SHOTS } from './constants.js';
import { settled } from './settled.js';

/**
 * A screenshot into .tmp/screenshots, for a person to open. CI has no one to
 * look at them: with `E2E_SCREENSHOTS=0` (.ci/run) only a failure's (a name
 * with `failed` in it: `failed-board`, `offline-failed-calendar`) is taken, which saves about 0.45 s a shot (a full page at
 * 1280 px, measured on the accounting journey's 19).
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true, settle = false }: { fullPage?: boolean; settle?: boolean } = {},
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0' && !name.includes('failed')) return;
  if (settle) await settled(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}
