import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import {
  applyUpdate,
  dismissUpdate,
  isUpdateReady,
  startServiceWorker,
  subscribeUpdateReady,
} from './pwa-service-worker';

/**
 * Asks before a new service worker takes over (registerType 'prompt'). The
 * registration and its watch live in pwa-service-worker.ts, once per page.
 */
export function PwaUpdatePrompt() {
  useEffect(startServiceWorker, []);
  const needRefresh = useSyncExternalStore(subscribeUpdateReady, isUpdateReady);

  if (!needRefresh) return null;
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={400}>
      <Notification
        role="alertdialog"
        aria-label="Update available"
        title="Fieldbook"
        withCloseButton
        closeButtonProps={{ 'aria-label': 'Dismiss update' }}
        onClose={dismissUpdate}
        withBorder
        w={340}
      >
        <Text size="sm" mb="xs" c="dark.7">
          New version available. Reload to update?
        </Text>
        <Group justify="flex-end">
          <Button size="xs" onClick={applyUpdate}>
            Reload
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
