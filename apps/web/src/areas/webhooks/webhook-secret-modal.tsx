import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyField } from '../../ui/copy-field';
import { usePhone } from '../../ui/use-phone';

/** The signing secret of an endpoint, shown this once (at create and after a rotate). */
export function WebhookSecretModal({ secret, onClose }: { secret: string; onClose: () => void }) {
  const phone = usePhone();
  return (
    <Modal
      opened
      onClose={onClose}
      title="Signing secret"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      closeOnClickOutside={false}
    >
      <Stack gap="sm">
        <Alert color="yellow" title="Shown only now">
          Copy it into the system that receives the webhooks. It checks each request&apos;s
          webhook-signature header with it (Standard Webhooks). Fieldbook cannot show it again:
          rotate it to get a new one.
        </Alert>
        <CopyField label="Secret" value={secret} testId="webhook-secret" />
        <Text size="sm" c="dimmed">
          See docs/webhooks.md for a worked signature check.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
