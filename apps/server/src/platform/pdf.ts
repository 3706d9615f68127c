import { chromium, errors, type Browser, type Page, type Route } from 'playwright-core';
import { HttpError } from './errors.js';

/** A file the printed page may load (template images, the company logo). */
export interface PdfAsset {
  body: Buffer;
  contentType: string;
}

export interface PdfRenderer {
  /**
   * Print a whole HTML document to an A4 PDF. Scripts never run; the page may
   * load only what `resolveAsset` answers (same-origin `/api/images/...`);
   * every other request is refused, so a template cannot reach the network.
   */
  print(html: string, opts?: PrintOptions): Promise<Buffer>;
  /** Pages ready, pages busy, callers waiting, browser launches so far. */
  stats(): { idle: number; busy: number; waiting: number; launches: number };
  close(): Promise<void>;
}

export interface PrintOptions {
  /**
   * Who asks (a user id): one person may have at most `perOwner` prints
   * running or waiting at once; more answer 429 at once, so a few users
   * cannot hold the printer for everyone.
   */
  owner?: string;
}

/** Prints one user may have running or waiting at once (Security 9). */
export const PRINTS_PER_USER = 2;
export const TOO_MANY_PRINTS = `You are printing ${PRINTS_PER_USER} documents already; please wait until they are ready and try again`;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--disable-dev-shm-usage',
];

/** A print that ran out of time: 503, so a caller (or the send queue) may try again. */
const printTimeout = (ms: number) =>
  new HttpError(
    503,
    `Printing the PDF took longer than ${ms / 1000} s; please try again in a moment`,
  );

/** The origin printed pages are given, so relative `/api/images/...` links resolve. */
export const PRINT_ORIGIN = 'http://fieldbook.print';

/**
 * One warm headless Chromium, launched on first use and again if it dies,
 * with at most `pages` pages printing at once (others wait their turn). A
 * page is reused for the next print: a new page costs about 4 times a reused
 * one (STACK.md).
 */
export function createPdfRenderer(opts: {
  chromiumPath: string;
  pages?: number;
  resolveAsset?: (pathname: string) => Promise<PdfAsset | null>;
  timeoutMs?: number;
  perOwner?: number;
}): PdfRenderer {
  const max = Math.max(1, opts.pages ?? 4);
  const perOwner = opts.perOwner ?? PRINTS_PER_USER;
  const byOwner = new Map<string, number>();
  const timeout = opts.timeoutMs ?? 30_000;
  let browser: Promise<Browser> | null = null;
  let launches = 0;
  let closed = false;
  const idle: Page[] = [];
  let busy = 0;
  const waiting: (() => void)[] = [];

  function getBrowser(): Promise<Browser> {
    if (!browser) {
      launches++;
      const launching = chromium
        .launch({ executablePath: opts.chromiumPath, args: CHROMIUM_ARGS })
        .then((b) => {
          b.on('disconnected', () => {
            // A crashed or killed browser: drop it and its pages; the next print relaunches.
            if (browser === launching) browser = null;
            idle.length = 0;
          });
          return b;
        });
      launching.catch(() => {
        if (browser === launching) browser = null;
      });
      browser = launching;
    }
    return browser;
  }

  // The document each page is printing, served as the print origin's root.
  const documents = new WeakMap<Page, string>();

  async function route(page: Page, r: Route) {
    const url = new URL(r.request().url());
    if (url.origin === PRINT_ORIGIN && url.pathname === '/')
      return r.fulfill({
        body: documents.get(page) ?? '',
        contentType: 'text/html; charset=utf-8',
      });
    if (url.origin === PRINT_ORIGIN && opts.resolveAsset) {
      const asset = await opts.resolveAsset(url.pathname).catch(() => null);
      if (asset) return r.fulfill({ body: asset.body, contentType: asset.contentType });
    }
    return r.abort();
  }

  async function newPage(): Promise<Page> {
    const b = await getBrowser();
    const context = await b.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.route('**/*', (r) => route(page, r));
    page.setDefaultTimeout(timeout);
    return page;
  }

  async function acquire(): Promise<Page> {
    while (busy >= max) await new Promise<void>((r) => waiting.push(r));
    busy++;
    try {
      for (;;) {
        const p = idle.pop();
        if (!p) return await newPage();
        if (!p.isClosed()) return p;
      }
    } catch (e) {
      release(null);
      throw e;
    }
  }

  function release(page: Page | null) {
    busy--;
    if (page && !page.isClosed() && !closed) idle.push(page);
    waiting.shift()?.();
  }

  async function printOnce(html: string): Promise<Buffer> {
    const page = await acquire();
    let ok = false;
    // page.pdf has no timeout of its own: a print that hangs closes its page.
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      void page
        .context()
        .close()
        .catch(() => {});
    }, timeout);
    try {
      // Served from the print origin so relative image links resolve.
      documents.set(page, html);
      await page.goto(`${PRINT_ORIGIN}/`, { waitUntil: 'load' });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '12mm', bottom: '12mm', left: '10mm', right: '10mm' },
      });
      ok = true;
      return pdf;
    } catch (e) {
      // Our timer or Playwright's own (the same length): a busy printer, not a fault.
      if (timedOut || e instanceof errors.TimeoutError) throw printTimeout(timeout);
      throw e;
    } finally {
      clearTimeout(timer);
      if (!ok)
        await page
          .context()
          .close()
          .catch(() => {});
      release(ok ? page : null);
    }
  }

  async function printRetrying(html: string): Promise<Buffer> {
    try {
      return await printOnce(html);
    } catch (e) {
      // The browser died under us: one more try on a fresh one.
      if (browser && (await browser.then((b) => b.isConnected()).catch(() => false))) throw e;
      return printOnce(html);
    }
  }

  return {
    async print(html, o = {}) {
      if (closed) throw new Error('The PDF printer is closed');
      const owner = o.owner;
      if (owner === undefined) return printRetrying(html);
      const mine = byOwner.get(owner) ?? 0;
      if (mine >= perOwner) throw new HttpError(429, TOO_MANY_PRINTS);
      byOwner.set(owner, mine + 1);
      try {
        return await printRetrying(html);
      } finally {
        const left = (byOwner.get(owner) ?? 1) - 1;
        if (left > 0) byOwner.set(owner, left);
        else byOwner.delete(owner);
      }
    },
    stats: () => ({ idle: idle.length, busy, waiting: waiting.length, launches }),
    async close() {
      closed = true;
      const b = browser;
      browser = null;
      idle.length = 0;
      if (b) await (await b.catch(() => null))?.close();
    },
  };
}
