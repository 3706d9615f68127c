import { lazy, Suspense, useEffect, useState } from 'react';

const PwaUpdatePrompt = lazy(() =>
  import('./pwa-update-prompt').then((m) => ({ default: m.PwaUpdatePrompt })),
);

/**
 * The service worker is registered (and its update prompt loaded) once the
 * page has loaded, so neither competes with the first screen's download.
 */
export function DeferredPwaUpdatePrompt() {
  // False at first even after the load event, as in the prerendered HTML (a hydrated
  // page must render what was prerendered); the effect catches up at once.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    if (document.readyState === 'complete') return done();
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded ? (
    <Suspense fallback={null}>
      <PwaUpdatePrompt />
    </Suspense>
  ) : null;
}
