import { useEffect, useRef } from 'react';
import { modals } from '@mantine/modals';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, leaving the screen asks 'Do you want to save the changes?'.
 * Save runs `save` and leaves only if it succeeded; No leaves without saving;
 * closing the question stays on the screen.
 */
export function useUnsavedChangesPrompt(dirty: boolean, save: () => Promise<boolean>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  // One question per blocked navigation (effects may run twice in development).
  const askedFor = useRef<unknown>(null);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      askedFor.current = null;
      return;
    }
    if (askedFor.current === blocker) return;
    askedFor.current = blocker;
    let decided = false;
    modals.openConfirmModal({
      title: 'Unsaved changes',
      children: 'Do you want to save the changes?',
      labels: { confirm: 'Save', cancel: 'No' },
      onConfirm: () => {
        decided = true;
        void saveRef.current().then((ok) => (ok ? blocker.proceed() : blocker.reset()));
      },
      onCancel: () => {
        decided = true;
        blocker.proceed();
      },
      onClose: () => {
        // onClose also follows Save and No; only a plain close stays put.
        setTimeout(() => {
          if (!decided) blocker.reset();
        }, 0);
      },
    });
  }, [blocker]);

  // A reload or closing the tab gets the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
