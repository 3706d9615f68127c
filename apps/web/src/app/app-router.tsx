import { lazy, Suspense } from 'react';
import { pageLoading } from './lazy-route';
import { SignedOutRouter } from './signed-out-router';
import { useSession } from './use-session';

// The signed-in app (its router, shell and providers) loads after sign-in.
const SignedInRouter = lazy(async () => {
  // Before anything validates: no eval under the CSP (no-eval.ts); then the
  // phone's kept answers and outbox come back before the first screen reads them.
  await import('./no-eval');
  const [m] = await Promise.all([
    import('./signed-in-router'),
    import('./offline-boot').then((b) => b.bootOffline()),
  ]);
  return { default: m.SignedInRouter };
});

/**
 * Signed in and signed out are two route trees; the tree is swapped when the
 * session starts or ends, and starts from the current URL (so /login after a
 * sign-in lands on /, and any signed-in path after a sign-out lands on /).
 */
export function AppRouter() {
  const signedIn = !!useSession();
  return signedIn ? (
    <Suspense fallback={pageLoading}>
      <SignedInRouter />
    </Suspense>
  ) : (
    <SignedOutRouter />
  );
}
