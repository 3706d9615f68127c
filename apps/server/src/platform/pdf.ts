import fs from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
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
  /**
   * Why it cannot print now, or null when it can: closed, or no Chromium to
   * launch. Cheap (no launch; the browser starts on the first print), for readiness.
   */
  unavailable(): string | null;
  close(): Promise<void>;
}

export interface PrintOptions {
  /**
   * Who asks (a user id, or `public:<address>`): one may have at most
   * `perOwner` prints running or waiting at once; more answer 429 at once, so
   * a few users cannot hold the printer for everyone.
   */
  owner?: string;
  /**
   * The company the print is for (DECISIONS §15). A company holds at most all
   * pages but one at once, waiting prints are served in turn across companies,
   * and a company's prints asked by people (with an `owner`) are refused (429)
   * while it has `perCompany` prints running or waiting; its automation prints
   * (no owner) count there too but wait instead.
   */
  company?: string;
}

/** Prints one user may have running or waiting at once (Security 9). */
export const PRINTS_PER_USER = 2;
export const TOO_MANY_PRINTS = `You are printing ${PRINTS_PER_USER} documents already; please wait until they are ready and try again`;
/** Prints one company may have running or waiting at once before its people's are refused. */
export const PRINTS_PER_COMPANY = 6;
export const TOO_MANY_COMPANY_PRINTS = `Your company is printing ${PRINTS_PER_COMPANY} documents already; please wait until they are ready and try again`;
/** Prints of a company's public links (any visitor) at once, apart from its people's. */
export const PUBLIC_PRINTS_PER_COMPANY = 2;
export const TOO_MANY_PUBLIC_PRINTS =
  'This document is being printed for other visitors; please try again in a moment';

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

type Playwright = typeof import('playwright-core');
let playwright: Promise<Playwright> | null = null;
/** Playwright is loaded on the first print: most processes (and test files) never print. */
const loadPlaywright = () => (playwright ??= import('playwright-core'));

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
  perCompany?: number;
}): PdfRenderer {
  const max = Math.max(1, opts.pages ?? 4);
  const perOwner = opts.perOwner ?? PRINTS_PER_USER;
  const perCompany = opts.perCompany ?? PRINTS_PER_COMPANY;
  /**
   * Pages one company may hold at once: all but one from 3 pages on (4 by
   * default: 3), so another company always finds one free; a smaller pool
   * is not halved for it (another company then waits for the next page).
   */
  const pagesPerCompany = max >= 3 ? max - 1 : max;
  const byOwner = new Map<string, number>();
  const byCompany = new Map<string, number>();
  const timeout = opts.timeoutMs ?? 30_000;
  let browser: Promise<Browser> | null = null;
  let launches = 0;
  let closed = false;
  const idle: Page[] = [];
  let busy = 0;
  /** Pages held per company (key '' for prints of no company). */
  const holding = new Map<string, number>();
  /** Prints waiting for a page, per company, and the companies in the order they are served. */
  const queues = new Map<string, (() => void)[]>();
  const turn: string[] = [];

  function getBrowser(): Promise<Browser> {
    if (!browser) {
      launches++;
      const launching = loadPlaywright()
        .then(({ chromium }) =>
          chromium.launch({ executablePath: opts.chromiumPath, args: CHROMIUM_ARGS }),
        )
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

  const bump = (m: Map<string, number>, key: string, by: number) => {
    const n = (m.get(key) ?? 0) + by;
    if (n > 0) m.set(key, n);
    else m.delete(key);
  };
  const mayTake = (key: string) => busy < max && (holding.get(key) ?? 0) < pagesPerCompany;
  const take = (key: string) => {
    busy++;
    bump(holding, key, 1);
  };

  /**
   * Hands free pages to waiting prints: to the company holding the fewest
   * pages, in turn among equals (round-robin), never past its share.
   */
  function dispatch() {
    while (busy < max) {
      let k = -1;
      for (let i = 0; i < turn.length; i++) {
        const held = holding.get(turn[i]!) ?? 0;
        if (held < pagesPerCompany && (k < 0 || held < (holding.get(turn[k]!) ?? 0))) k = i;
      }
      if (k < 0) return;
      const key = turn.splice(k, 1)[0]!;
      const queue = queues.get(key)!;
      const next = queue.shift()!;
      if (queue.length > 0) turn.push(key);
      else queues.delete(key);
      take(key);
      next();
    }
  }

  async function acquire(key: string): Promise<Page> {
    if (mayTake(key)) take(key);
    else
      await new Promise<void>((granted) => {
        const queue = queues.get(key);
        if (queue) queue.push(granted);
        else {
          queues.set(key, [granted]);
          turn.push(key);
        }
      });
    try {
      for (;;) {
        const p = idle.pop();
        if (!p) return await newPage();
        if (!p.isClosed()) return p;
      }
    } catch (e) {
      release(null, key);
      throw e;
    }
  }

  function release(page: Page | null, key: string) {
    busy--;
    bump(holding, key, -1);
    if (page && !page.isClosed() && !closed) idle.push(page);
    dispatch();
  }

  async function printOnce(html: string, key: string): Promise<Buffer> {
    const page = await acquire(key);
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
      if (timedOut || e instanceof (await loadPlaywright()).errors.TimeoutError)
        throw printTimeout(timeout);
      throw e;
    } finally {
      clearTimeout(timer);
      if (!ok)
        await page
          .context()
          .close()
          .catch(() => {});
      release(ok ? page : null, key);
    }
  }

  async function printRetrying(html: string, key: string): Promise<Buffer> {
    try {
      return await printOnce(html, key);
    } catch (e) {
      // The browser died under us: one more try on a fresh one.
      if (browser && (await browser.then((b) => b.isConnected()).catch(() => false))) throw e;
      return printOnce(html, key);
    }
  }

  return {
    async print(html, o = {}) {
      if (closed) throw new Error('The PDF printer is closed');
      const { owner } = o;
      const key = o.company ?? '';
      // Visitors of public links are counted apart from the company's people,
      // with a cap of their own: strangers holding a link cannot use up the
      // staff's share (their pages are still the company's turn at the printer).
      const visitor = owner?.startsWith('public:') === true;
      const counted = visitor ? `${key}:public` : key;
      const cap = visitor ? PUBLIC_PRINTS_PER_COMPANY : perCompany;
      if (owner !== undefined && (byOwner.get(owner) ?? 0) >= perOwner)
        throw new HttpError(429, TOO_MANY_PRINTS);
      if (owner !== undefined && key && (byCompany.get(counted) ?? 0) >= cap)
        throw new HttpError(429, visitor ? TOO_MANY_PUBLIC_PRINTS : TOO_MANY_COMPANY_PRINTS);
      if (owner !== undefined) bump(byOwner, owner, 1);
      bump(byCompany, counted, 1);
      try {
        return await printRetrying(html, key);
      } finally {
        if (owner !== undefined) bump(byOwner, owner, -1);
        bump(byCompany, counted, -1);
      }
    },
    stats: () => ({
      idle: idle.length,
      busy,
      waiting: [...queues.values()].reduce((n, q) => n + q.length, 0),
      launches,
    }),
    unavailable() {
      if (closed) return 'closed';
      try {
        fs.accessSync(opts.chromiumPath, fs.constants.X_OK);
        return null;
      } catch {
        return 'Chromium not found';
      }
    },
    async close() {
      closed = true;
      const b = browser;
      browser = null;
      idle.length = 0;
      if (b) await (await b.catch(() => null))?.close();
    },
  };
}
