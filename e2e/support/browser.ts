import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../apps/server/src/platform/pdf.js';
import { LOCAL_ONLY_ARGS } from './local-only.js';

/**
 * The Chromium the journeys drive. Debian's `chromium-headless-shell` when it is
 * there (`node scripts/ensure-chromium.mjs --headless-shell` installs it): the same
 * Blink and V8 as `chromium`, built for headless use without the desktop browser's
 * display pipeline. The jobs journey took 41 s of Chromium's CPU with it against
 * 57 s with the full browser (docs/performance.md, "How long CI takes"), and the
 * journeys are CPU-bound on two cores. `E2E_CHROMIUM_PATH` chooses another;
 * without either, the Chromium that prints PDFs (`CHROMIUM_PATH`).
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export function journeyChromiumPath(): string {
  if (process.env.E2E_CHROMIUM_PATH) return process.env.E2E_CHROMIUM_PATH;
  if (fs.existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** The server's own Chromium flags (no sandbox, no GPU, no background traffic), and nothing outside. */
export const JOURNEY_ARGS = [...CHROMIUM_ARGS, ...LOCAL_ONLY_ARGS];

export const launchJourneyBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: journeyChromiumPath(), args: JOURNEY_ARGS });
