import { StrictMode, type ReactNode } from 'react';
import { AppProviders } from './app-providers';
import { DeferredPwaUpdatePrompt } from './deferred-pwa-prompt';

/**
 * The tree around the router, the same in the browser (main.tsx) and at build
 * (prerender.tsx): a prerendered page is hydrated, so both must render it alike.
 */
export function AppTree({ router }: { router: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders>
        {router}
        <DeferredPwaUpdatePrompt />
      </AppProviders>
    </StrictMode>
  );
}
