import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { BULK_ENQUEUED, MSG } from '@fieldbook/core';
import { useBulkEmail } from '../../api/use-delivery';

interface BulkSendButtonProps {
  selected: ReadonlySet<string>;
  /** Called once the server has queued them (the selection is done with). */
  onQueued: () => void;
}

/**
 * 'Send N Selected' (spec §4, §8): asks first, posts the ids to
 * /invoices/bulkemail; only the answer 'Enqueued' counts as queued.
 */
export function BulkSendButton({ selected, onQueued }: BulkSendButtonProps) {
  const bulk = useBulkEmail();
  const failed = () =>
    notifications.show({ color: 'red', title: 'Not queued', message: MSG.bulkFailed });

  const send = () =>
    modals.openConfirmModal({
      title: 'Please confirm',
      children: MSG.confirmBulk,
      labels: { confirm: 'Send', cancel: 'Cancel' },
      onConfirm: () =>
        bulk.mutate([...selected], {
          onSuccess: (r) => {
            if (r?.message !== BULK_ENQUEUED) return failed();
            notifications.show({ color: 'green', title: 'Queued', message: MSG.bulkQueued });
            onQueued();
          },
          onError: failed,
        }),
    });

  return (
    <Button
      size="xs"
      leftSection={<IconSend size={14} />}
      disabled={selected.size === 0}
      loading={bulk.isPending}
      onClick={send}
    >
      Send {selected.size} Selected
    </Button>
  );
}
