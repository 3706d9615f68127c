import { createHash } from 'node:crypto';
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
 * route; both register hooks that must exist before the routes do. helmet's
 * middleware is built once here: @fastify/helmet built it again on every
 * request, parsing the policy each time (about a tenth of an authenticated
 * read's time, docs/performance.md, "Platform: authenticated read").
 */
export async function installHttpHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // One middleware per PayFast address, so every directive is fixed and helmet writes the
  // policy once; the address is read per request (tests point it at a stand-in after start).
  const byPayfast = new Map<string, ReturnType<typeof helmet>>();
  const setSecurityHeaders = () => {
    const key = config.payfastUrl ?? '';
    let set = byPayfast.get(key);
    if (!set) byPayfast.set(key, (set = securityHeaders(config)));
    return set;
  };
  app.addHook('onRequest', (request, reply, done) =>
    setSecurityHeaders()(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    // Requests are not inflated: a compressed upload would only be a way around bodyLimit.
    globalDecompression: false,
    threshold: 1024,
  });
}

function securityHeaders(config: Pick<Config, 'payfastUrl'>) {
  return helmet({
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
}
