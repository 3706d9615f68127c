import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { PRERENDERED_INLINE_SCRIPTS } from '@fieldbook/core';
import type { Config } from '../config.js';

/** Where a Pay Now form may post: PayFast's live and sandbox hosts, or the configured stand-in. */
export function payfastOrigins(config: Pick<Config, 'payfastUrl'>): string[] {
  return config.payfastUrl
    ? [new URL(config.payfastUrl).origin]
    : ['https://www.payfast.co.za', 'https://sandbox.payfast.co.za'];
}

/** OpenStreetMap's tile servers and place search (apps/web/src/areas/clients/map-config.ts). */
export const TILE_ORIGINS = ['https://tile.openstreetmap.org', 'https://*.tile.openstreetmap.org'];
export const SEARCH_ORIGINS = ['https://nominatim.openstreetmap.org'];

/** The only inline scripts allowed: the prerendered public pages' two (core's prerender.ts). */
export const PRERENDERED_SCRIPT_HASHES = PRERENDERED_INLINE_SCRIPTS.map(
  (script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
);

/**
 * The Content-Security-Policy of every answer (SPA, API, /view/...). Scripts
 * only from this origin, never eval, and inline only the two scripts allowed by
 * their hashes (the prerendered pages' signed-in hint and app loader,
 * PRERENDERED_SCRIPT_HASHES): an injected script cannot run, which is what
 * protects the session token kept in localStorage.
 * Styles may be inline (Mantine and the document templates write style
 * attributes and <style> elements; the template HTML is sanitised on the
 * server). Images from here, data: and blob: (previews, logos, uploads) and
 * the map tiles; the place search is fetched from Nominatim. The PDF viewer shows a blob: URL in an <object>. The
 * sandboxed template previews are srcdoc frames, which inherit this policy.
 * Forms post here or to PayFast. Nobody else may frame the app.
 */
export function contentSecurityPolicy(config: Pick<Config, 'payfastUrl'>) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'", ...PRERENDERED_SCRIPT_HASHES],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...TILE_ORIGINS],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...SEARCH_ORIGINS],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'", 'blob:'],
      formAction: ["'self'", ...payfastOrigins(config)],
      frameAncestors: ["'self'"],
    },
  };
}

/**
 * Security headers (helmet) and compression (@fastify/compress) for every
 * route; both register hooks that must exist before the routes do. Every
 * directive is fixed, so helmet runs once per PayFast address, into a list of
 * headers that each answer then carries as Fastify's own headers:
 * @fastify/helmet built helmet again on every request, parsing the policy
 * each time, and helmet's own middleware sets each header on the raw
 * response, which Node then merges again at writeHead (docs/performance.md,
 * "Platform: authenticated read").
 */
export async function installHttpHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // The address is read per request: tests point it at a stand-in after start.
  const byPayfast = new Map<string, Record<string, string>>();
  const headersNow = () => {
    const key = config.payfastUrl ?? '';
    let headers = byPayfast.get(key);
    if (!headers) byPayfast.set(key, (headers = securityHeaders(config)));
    return headers;
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headersNow());
    done();
  });
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    // Requests are not inflated: a compressed upload would only be a way around bodyLimit.
    globalDecompression: false,
    threshold: 1024,
  });
}

/** What helmet's middleware writes on a response, read by running it once on a recorder. */
export function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  // A middleware that answered later would depend on the request: these never do.
  if (!done) throw new Error('helmet did not finish at once');
  return headers;
}

function securityHeaders(config: Pick<Config, 'payfastUrl'>): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: contentSecurityPolicy(config),
    // The app opens no cross-origin windows that need to keep a handle on it,
    // and the Pay Now form leaves the page; the PayFast return comes back by URL.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Map tiles and PayFast are other origins: no COEP, so they load.
    crossOriginEmbedderPolicy: false,
    // The sandboxed previews are documents of an opaque origin that show our
    // /api/images; same-origin would refuse them. Images are public by id anyway.
    crossOriginResourcePolicy: false,
    // Full URLs (a public invoice link holds its key) never leave the site;
    // other sites see the origin only (OpenStreetMap's tile policy wants one).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only matters behind HTTPS, which a proxy in front provides; harmless otherwise.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    xFrameOptions: { action: 'sameorigin' },
  });
  return headersOf(middleware);
}
