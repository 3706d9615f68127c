import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { reportError } from '../api/error-log';

/** 'Something went wrong', with a way back to the start. */
function ErrorScreen() {
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

/** Shown when a screen throws while rendering; the error is reported to the server. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof Error)
      reportError(error.message, error.stack ?? info.componentStack ?? undefined);
    else reportError(String(error));
  }

  override render() {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
