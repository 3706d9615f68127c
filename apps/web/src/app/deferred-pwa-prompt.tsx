import { lazy, Suspense, useEffect, useState } from 'react';

const PwaUpdatePrompt = lazy(() =>
  import('./pwa-update-prompt').then((m) => ({ default: m.PwaUpdatePrompt })),
);

/**
 * The service worker is registered (and its update prompt loaded) once the
 * page has loaded, so neither competes with the first screen's download.
 */
export function DeferredPwaUpdatePrompt() {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const done = () => setLoaded(true);
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return loaded ? (
    <Suspense fallback={null}>
      <PwaUpdatePrompt />
    </Suspense>
  ) : null;
}
