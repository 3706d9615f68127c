import { modals } from '@mantine/modals';

/** Ask 'Are you sure you want to delete?' and run `onConfirm` on yes. */
export function confirmDelete(onConfirm: () => void, message = 'Are you sure you want to delete?') {
  modals.openConfirmModal({
    title: 'Please confirm',
    children: message,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
