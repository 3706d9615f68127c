/*
 * The public pages (landing, terms, privacy) are sent as HTML at first byte,
 * rendered at build (docs/performance.md, "The landing page"). A signed-in
 * visitor must not see the landing page's HTML before the app takes over, so
 * the page carries one inline script, run before the body is drawn, that marks
 * <html> when a session is kept; the page's CSS hides the root then. The server
 * allows exactly this script by its hash in the Content-Security-Policy
 * (platform/http-headers.ts), so the web and the server read it from here.
 */

/** Where the browser keeps the signed-in session (the web's session-store.ts). */
export const SESSION_STORAGE_KEY = 'fieldbook.session';

/** The attribute the script sets on <html> while a session is kept. */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

/**
 * The inline script of a prerendered page: its SHA-256 is in the CSP, byte for
 * byte. Plain literals (prerender.test.ts checks they name the key and the
 * attribute above), so the browser's bundle drops what it does not use.
 */
export const SIGNED_IN_HINT_SCRIPT =
  "try{localStorage.getItem('fieldbook.session')&&document.documentElement.setAttribute('data-signed-in','')}catch(e){}";

/** The inline CSS that keeps a signed-in visitor from seeing the prerendered page. */
export const SIGNED_IN_HINT_STYLE = 'html[data-signed-in] #root{visibility:hidden}';
