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

/**
 * Ask before a change kept on the phone is dropped (docs/offline.md): `what` is
 * 'change' or 'trip'; it is not on the server and is lost.
 */
export function confirmDiscard(what: string, onConfirm: () => void) {
  modals.openConfirmModal({
    title: `Discard ${what}`,
    children: `Discard this ${what}? It is not on the server and will be lost.`,
    labels: { confirm: 'Discard', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
