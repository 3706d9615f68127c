import { useEffect, useRef } from 'react';
import { modals } from '@mantine/modals';
import { useNavigationBlocker, type Leaves } from '../app/blocking-history';

/**
 * While `dirty`, leaving the screen asks 'Do you want to save the changes?'.
 * Save runs `save` and leaves only if it succeeded; No leaves without saving;
 * closing the question stays on the screen. `leaves` says what counts as
 * leaving (by default another path).
 */
export function useUnsavedChangesPrompt(
  dirty: boolean,
  save: () => Promise<boolean>,
  leaves?: Leaves,
) {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useNavigationBlocker(
    dirty,
    (proceed) => {
      modals.openConfirmModal({
        title: 'Unsaved changes',
        children: 'Do you want to save the changes?',
        labels: { confirm: 'Save', cancel: 'No' },
        // Save leaves only once saved; No leaves; closing the question stays put.
        onConfirm: () => void saveRef.current().then((ok) => ok && proceed()),
        onCancel: proceed,
      });
    },
    leaves,
  );

  // A reload or closing the tab gets the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
