import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

/**
 * What every screen needs. The rest comes with the screens that use it: the
 * API cache with the first screen that reads the API (query-layout.tsx), the
 * company, search, modals and notifications with the signed-in shell.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {children}
    </MantineProvider>
  );
}
