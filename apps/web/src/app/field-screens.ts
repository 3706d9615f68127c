/*
 * The code of the screens a technician works in without a network (docs/offline.md,
 * "Screens offline"): the board with its schedule and planner, the route list,
 * the calendar and the log book. The service worker precaches only the first
 * screen's files and keeps each other screen's once fetched, so a screen never
 * opened online would not open offline. Once the member's week is on the phone,
 * these are fetched in an idle moment (once per page) and so kept too. On the
 * first visit the worker does not control the page yet (it takes over at the
 * next load), so the files fetched are put into its cache by hand.
 */

/** The service worker's cache of screens' files (vite.config.ts, runtimeCaching). */
const ASSETS_CACHE = 'fieldbook-assets';
const FIELD_SCREENS = [
  () => import('../areas/jobs/board/board-page'),
  () => import('../areas/routes/route-view'),
  () => import('../areas/jobs/schedule/calendar-page'),
  () => import('../areas/vehicles/log-book-page'),
];

let warmed = false;

/** Fetches the field screens' code once, when the browser is idle. */
export function warmFieldScreens(): void {
  if (warmed) return;
  warmed = true;
  const load = async () => {
    // A failure (offline meanwhile) only means the screen loads when first opened.
    await Promise.allSettled(FIELD_SCREENS.map((screen) => screen()));
    if (navigator.serviceWorker?.controller || !('caches' in window)) return;
    const assets = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === window.location.origin && u.pathname.startsWith('/assets/'))
      .map((u) => u.pathname);
    await (await caches.open(ASSETS_CACHE)).addAll([...new Set(assets)]).catch(() => undefined);
  };
  const start = () => void load();
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 1000);
}
