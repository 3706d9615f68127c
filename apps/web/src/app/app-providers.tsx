import { useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-client';
import { CompanyProvider } from './company-context';
import { SearchProvider } from './search-context';
import { theme } from './theme';
import { useSession } from './use-session';

const queryClient = new QueryClient({
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

/** Nothing cached for one user may be seen by the next: clear the cache on sign-out. */
function ClearCacheOnSignOut() {
  const signedIn = !!useSession();
  const client = useQueryClient();
  useEffect(() => {
    if (!signedIn) client.clear();
  }, [signedIn, client]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Notifications position="bottom-right" />
      <QueryClientProvider client={queryClient}>
        <ClearCacheOnSignOut />
        <CompanyProvider>
          <SearchProvider>
            <ModalsProvider
              labels={{ confirm: 'Confirm', cancel: 'Cancel' }}
              modalProps={{ centered: true }}
            >
              {children}
            </ModalsProvider>
          </SearchProvider>
        </CompanyProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
