/*
 * The public pages (landing, terms, privacy) are sent as HTML at first byte,
 * rendered at build (docs/performance.md, "The landing page"). Two inline
 * scripts, which the server allows by their hashes in the Content-Security-Policy
 * (platform/http-headers.ts), so the web and the server read them from here:
 *
 * - A signed-in visitor must not see the landing page's HTML before the app takes
 *   over: the first, run before the body is drawn, marks <html> when a session is
 *   kept, and the page's CSS hides the root then.
 * - The page is whole without the app's code, so a visitor's browser asks for
 *   that code only once the page has loaded and been drawn (the second, at the end
 *   of the body, reads its address from a <meta>): it no longer competes with the
 *   page's own HTML and stylesheet for the first paint. A kept session loads it at
 *   once instead, since that visitor sees nothing until the app is there.
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

/** The <meta name> whose content is the address of the app's entry script on a prerendered page. */
export const APP_ENTRY_META = 'fieldbook-app';

/** The inline script at the end of a prerendered page's body that loads the app (see above). */
export const APP_LOADER_SCRIPT =
  "(function(){var d=document,m=d.querySelector('meta[name=\"fieldbook-app\"]');if(!m)return;function go(){var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=m.content;d.head.appendChild(s)}if(d.documentElement.hasAttribute('data-signed-in'))go();else addEventListener('load',function(){requestAnimationFrame(function(){setTimeout(go)})})})()";

/** Every inline script a prerendered page carries: the CSP allows each by its SHA-256. */
export const PRERENDERED_INLINE_SCRIPTS = [SIGNED_IN_HINT_SCRIPT, APP_LOADER_SCRIPT] as const;
