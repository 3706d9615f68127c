// @vitest-environment happy-dom
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { hydrateRoot } from 'react-dom/client';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APP_ENTRY_META,
  APP_LOADER_SCRIPT,
  SIGNED_IN_HINT_SCRIPT,
  SIGNED_IN_HINT_STYLE,
} from '@fieldbook/core';
import { AppRouter } from './app/app-router';
import { AppTree } from './app/app-tree';
import { PRERENDERED, pageHtml } from './prerender';

/** Each page's markup as the build renders it, from another process (src/test/prerendered-markup.ts). */
let markupOf: Record<string, string>;
beforeAll(() => {
  const script = path.join(import.meta.dirname, 'test/prerendered-markup.ts');
  const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
  markupOf = JSON.parse(execFileSync(tsx, [script], { encoding: 'utf8' })) as Record<
    string,
    string
  >;
}, 60_000);

/** happy-dom has no matchMedia; Mantine reads it in effects after hydration. */
function stubMatchMedia() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** Whether React has taken the node over (hydrated it), not only found it in the HTML. */
const hydrated = (node: Element | null) =>
  !!node && Object.keys(node).some((k) => k.startsWith('__reactFiber'));

describe('prerendered public pages', () => {
  it.each(Object.keys(PRERENDERED))(
    '%s is hydrated by the app as rendered at build, with no mismatch',
    async (path: string) => {
      stubMatchMedia();
      window.history.replaceState(null, '', path);
      const markup = markupOf[path]!;
      expect(markup).not.toContain('Loading'); // the screen itself, not its spinner
      document.body.innerHTML = `<div id="root">${markup}</div>`;
      const root = document.getElementById('root')!;
      const heading = root.querySelector('h1');
      expect(heading?.textContent).toBeTruthy();

      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error');
      const r = hydrateRoot(root, <AppTree router={<AppRouter />} />, {
        onRecoverableError: (e) => errors.push(e),
      });
      await waitFor(() => expect(hydrated(root.querySelector('h1'))).toBe(true));
      expect(errors.map((e) => `${String(e)} ${String((e as Error).cause)}`)).toEqual([]);
      // The same node: taken over, not drawn again.
      expect(root.querySelector('h1')).toBe(heading);
      expect(consoleError).not.toHaveBeenCalled();
      r.unmount();
    },
  );

  it('puts the page in the root, the signed-in hint in the head and the loader after the page, byte for byte', () => {
    const template =
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>F</title>\n' +
      '<script type="module" crossorigin src="/assets/index-A1.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/dep-B2.js">\n' +
      '<link rel="stylesheet" crossorigin href="/a.css"></head><body><div id="root"></div></body></html>';
    const html = pageHtml(template, '<p>page $& $1 $$</p>');
    // A `$` in the page is text, not a replacement pattern.
    expect(html).toContain('<div id="root"><p>page $& $1 $$</p></div>');
    // The hint comes before the stylesheet, which an inline script would wait for.
    expect(html.indexOf(SIGNED_IN_HINT_SCRIPT)).toBeLessThan(html.indexOf('a.css'));
    expect(html).toContain('<html lang="en" data-mantine-color-scheme="light">');
    // The server allows this script by its hash: one changed byte and the browser refuses it.
    const scripts = [...html.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([SIGNED_IN_HINT_SCRIPT, APP_LOADER_SCRIPT]);
    // The app's code is no longer asked for while the page is parsed: the loader reads its address.
    expect(html).not.toMatch(/<script[^>]* src=|modulepreload/);
    expect(html).toContain(`<meta name="${APP_ENTRY_META}" content="/assets/index-A1.js" />`);
    expect(html.indexOf(APP_LOADER_SCRIPT)).toBeGreaterThan(html.indexOf('page $&'));
    expect(() => pageHtml(template.replace(/<script type="module".*\n/, ''), 'x')).toThrow(
      /module script/,
    );
    expect(html.indexOf(SIGNED_IN_HINT_STYLE)).toBeLessThan(html.indexOf('</head>'));
    expect(() => pageHtml('<html><body></body></html>', 'x')).toThrow(/#root/);
  });
});
