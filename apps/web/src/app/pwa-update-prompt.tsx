import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useRegisterSW } from 'virtual:pwa-register/react';

/** Asks before a waiting service worker takes over (registerType 'prompt'). */
export function PwaUpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      // Registration errors are only logged (spec §8).
      console.error('Service worker registration failed', error);
    },
  });

  if (!needRefresh) return null;
  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={400}>
      <Notification
        role="alertdialog"
        aria-label="Update available"
        title="Fieldbook"
        withCloseButton
        closeButtonProps={{ 'aria-label': 'Dismiss update' }}
        onClose={() => setNeedRefresh(false)}
        withBorder
        w={340}
      >
        <Text size="sm" mb="xs" c="dark.7">
          New version available. Reload to update?
        </Text>
        <Group justify="flex-end">
          <Button size="xs" onClick={() => void updateServiceWorker(true)}>
            Reload
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
