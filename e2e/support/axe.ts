import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** How many elements fail the rule. */
  count: number;
  /** The first few offending elements, as selectors with a bit of their HTML. */
  nodes: string[];
}

interface AxeResult {
  violations: {
    id: string;
    impact: string | null;
    help: string;
    nodes: { target: unknown[]; html: string; failureSummary?: string }[];
  }[];
}

/** Moderate rules a screen may be held to as well (issue 19 C8: banners, table headers, regions). */
export const MODERATE_RULES = [
  'landmark-no-duplicate-banner',
  'landmark-unique',
  'empty-table-header',
  'region',
];

/**
 * axe-core's serious and critical findings on the page as it is now (WCAG 2.x
 * A and AA rules and best practices), and those of the `moderate` rules named.
 * The page's context must bypass CSP (see newSizedPage), since axe is injected
 * as a script.
 */
export async function axeFindings(page: Page, moderate: string[] = []): Promise<AxeFinding[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.addScriptTag({ path: AXE_PATH });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    return (await axe.run(document, { resultTypes: ['violations'] })) as unknown;
  });
  return (result as AxeResult).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || moderate.includes(v.id))
    .map((v) => ({
      id: v.id,
      impact: v.impact!,
      help: v.help,
      count: v.nodes.length,
      nodes: v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)} ${n.failureSummary ?? ''}`),
    }));
}

/** One line per finding, for an assertion message a person can act on. */
export const describeFindings = (fs: AxeFinding[]) =>
  fs.map((f) => `${f.impact} ${f.id} (${f.help}):\n  ${f.nodes.join('\n  ')}`).join('\n');
