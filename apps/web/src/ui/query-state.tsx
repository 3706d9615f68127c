import type { ReactNode } from 'react';
import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '../api/api-client';

interface QueryStateProps<T> {
  query: { data: T | undefined; isLoading: boolean; error: unknown };
  children: (data: T) => ReactNode;
}

/** A loader while a query runs, its error in a red alert, else the content. */
export function QueryState<T>({ query, children }: QueryStateProps<T>) {
  if (query.isLoading)
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (query.error) return <ErrorAlert error={query.error} />;
  if (query.data === undefined) return null;
  return <>{children(query.data)}</>;
}

/** A server (or network) error, shown in red. */
export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
