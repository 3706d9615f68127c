import { useEffect } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reportError } from '../api/error-log';

/** Shown when a screen throws while rendering; the error is reported to the server. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    if (error instanceof Error) reportError(error.message, error.stack);
    else if (!isRouteErrorResponse(error)) reportError(String(error));
  }, [error]);

  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="sm">
        <Title order={2}>Something went wrong</Title>
        <Text c="dimmed">The problem has been reported. Please reload the page.</Text>
        <Button onClick={() => window.location.assign('/')}>Back to the start</Button>
      </Stack>
    </Center>
  );
}
