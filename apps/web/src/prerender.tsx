import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import {
  APP_ENTRY_META,
  APP_LOADER_SCRIPT,
  SIGNED_IN_HINT_SCRIPT,
  SIGNED_IN_HINT_STYLE,
} from '@fieldbook/core';
import { AppTree } from './app/app-tree';
import { SignedOutRoutes } from './app/signed-out-router';

/*
 * Build-time rendering of the public pages (scripts/prerender.mjs runs this
 * module's build): their HTML is in the first byte, so the landing page paints
 * before any script has loaded, and the browser's main.tsx hydrates it.
 */

/**
 * The pages sent as HTML, by path, and the file each is written to under dist/prerendered.
 * The server sends prerendered/<word>.html for a path /<word> of small letters and
 * prerendered/index.html for / (apps/server/src/app.ts, prerenderedFile): a path of
 * another shape would be written and never sent, so scripts/prerender.mjs refuses it.
 */
export const PRERENDERED: Record<string, string> = {
  '/': 'index.html',
  '/termsandconditions': 'termsandconditions.html',
  '/privacypolicy': 'privacypolicy.html',
};

/** The markup of one path as the signed-out browser renders it, every lazy screen resolved. */
export async function renderPath(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <AppTree
      router={
        <StaticRouter location={path}>
          <SignedOutRoutes />
        </StaticRouter>
      }
    />,
    {
      // Each screen's content in place, not outlined behind an inline swap script,
      // which the CSP would refuse (script-src 'self').
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // A screen that throws would be left to the browser behind its spinner: the build fails.
      onError: (error: unknown) => {
        throw error;
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const c of prelude) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The built index.html with a page in its root: Mantine's light scheme on
 * <html> as the app sets it, the signed-in hint before the body, and the app's
 * code asked for by the loader once the page is drawn.
 */
export function pageHtml(template: string, markup: string): string {
  const root = '<div id="root"></div>';
  if (!template.includes(root)) throw new Error('index.html has no empty #root');
  const charset = '<meta charset="UTF-8" />';
  if (!template.includes(charset)) throw new Error('index.html has no <meta charset="UTF-8" />');
  // The app's code is asked for by the loader once the page is drawn (core's prerender.ts):
  // its entry's address moves to a <meta>, and the entry's preloads go.
  const entries = [
    ...template.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g),
  ];
  if (entries.length !== 1) throw new Error('index.html has not exactly one module script');
  const [entryTag, entry] = entries[0]!;
  // Functions, not strings, as replacements: a `$` in the page is text, not a pattern.
  return (
    template
      .replace('<html lang="en">', () => '<html lang="en" data-mantine-color-scheme="light">')
      // First in the head: before any stylesheet, which an inline script would wait for.
      .replace(
        charset,
        () =>
          `${charset}<style>${SIGNED_IN_HINT_STYLE}</style><script>${SIGNED_IN_HINT_SCRIPT}</script>`,
      )
      .replace(entryTag, () => `<meta name="${APP_ENTRY_META}" content="${entry}" />\n    `)
      .replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '')
      .replace(root, () => `<div id="root">${markup}</div><script>${APP_LOADER_SCRIPT}</script>`)
  );
}
