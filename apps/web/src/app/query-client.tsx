import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from '../api/api-client';
import { getSession, subscribeSession } from '../api/session-store';

/** One cache for the whole app, loaded with the first screen that reads the API. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refusal (4xx) will not change on a retry.
      retry: (count, err) =>
        !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
    },
  },
});

// Nothing cached for one user may be seen by the next: clear the cache on sign-out.
subscribeSession(() => {
  if (!getSession()) queryClient.clear();
});

/**
 * For the screens that read the API (sign-in, register, the public invoice,
 * the signed-in shell): the landing and legal pages do not, and so do not
 * download TanStack Query.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
