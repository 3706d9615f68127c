import { Workbox } from 'workbox-window';

/**
 * The service worker's registration, made once per page, and whether a new version
 * of the app has installed (the update prompt shows while it has).
 *
 * The race this closes (the update prompt journey failed now and then): the
 * browser checks for a new service worker on its own (after a navigation, or when
 * any page asks), while this page registers only after `load` and two lazy chunks,
 * so as not to slow the first screen. When that check finds a new build first, the
 * registration's `updatefound` has fired before anyone listened. workbox-window
 * (and vite-plugin-pwa's `useRegisterSW` on top of it) hears only of later
 * `updatefound`s and of a worker already *waiting* when it registers: a new worker
 * still *installing* at that moment was never reported, and no prompt showed until
 * the next visit. `useRegisterSW` also registered inside a React state initialiser,
 * which React may run twice when it throws a render away, so a second, later
 * Workbox could be the one whose events reached the screen.
 *
 * Now the page registers once, outside React, and then reads the registration's own
 * state (a worker installing or waiting) in the same task as it starts listening to
 * its `updatefound`: an update found before the page listened is followed to its
 * end, and none found after can be missed.
 */

type Listener = () => void;

let started = false;
let updateReady = false;
let registration: ServiceWorkerRegistration | undefined;
let workbox: Workbox | undefined;
const listeners = new Set<Listener>();

function setUpdateReady(ready: boolean) {
  if (updateReady === ready) return;
  updateReady = ready;
  listeners.forEach((l) => l());
}

/** A new worker replacing an active one: ready once installed (waiting, or active on an unused registration). */
function follow(reg: ServiceWorkerRegistration, worker: ServiceWorker | null) {
  if (!worker || !reg.active || worker === reg.active) return;
  const check = () => {
    if (worker.state === 'installed' || worker.state === 'activated') setUpdateReady(true);
  };
  worker.addEventListener('statechange', check);
  check();
}

/** Registers the service worker (once) and starts watching for a new version. */
export function startServiceWorker(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox
    .register({ immediate: true })
    .then((reg) => {
      if (!reg) return;
      registration = reg;
      // In one task: listen, then read what happened before we listened.
      reg.addEventListener('updatefound', () => follow(reg, reg.installing));
      follow(reg, reg.waiting);
      follow(reg, reg.installing);
    })
    .catch((error: unknown) => {
      // Registration errors are only logged (spec §8).
      console.error('Service worker registration failed', error);
    });
}

export function subscribeUpdateReady(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isUpdateReady = () => updateReady;

export const dismissUpdate = () => setUpdateReady(false);

/** Lets the waiting worker take over and reloads the page onto the new version. */
export function applyUpdate(): void {
  const controlled = Boolean(navigator.serviceWorker.controller);
  if (registration?.waiting && controlled) {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    workbox?.messageSkipWaiting();
    return;
  }
  if (registration?.waiting) workbox?.messageSkipWaiting();
  window.location.reload();
}
