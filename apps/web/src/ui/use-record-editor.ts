import { useEffect, useState, type FormEvent } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { confirmDelete } from './confirm';
import { useEditorForm } from './use-editor-form';

interface Options<V, R extends { _id: string }> {
  form: UseFormReturnType<V>;
  /** The loaded record; null for a new one, which starts in edit. */
  record: R | null;
  /** The form's values for a (re)loaded record. */
  toValues: (record: R) => V;
  /** Saves the form's values; resolves to the saved record's id. */
  save: (values: V) => Promise<{ _id: string }>;
  /** Deletes the record with this id: the delete mutation's `mutate`. */
  remove: (id: string, callbacks: { onSuccess: () => void; onError: (e: unknown) => void }) => void;
  /** Starts the notifications: 'Client saved', 'Client deleted'. */
  noun: string;
  /** Where Cancel on a new record and a delete go. */
  listPath: string;
  /** Where a new record goes once saved. */
  detailPath: (id: string) => string;
}

/**
 * A record's screen: view-only, then Edit, then Save or Cancel (spec §4); a new record starts
 * in edit. Save returns to view-only; on an error the server's fields go onto the form and the
 * form stays in edit. Leaving with unsaved edits asks first.
 */
export function useRecordEditor<V, R extends { _id: string }>({
  form,
  record,
  toValues,
  save,
  remove,
  noun,
  listPath,
  detailPath,
}: Options<V, R>) {
  const navigate = useNavigate();
  const [editing, setEditing] = useState(!record);
  // Navigation waits for the render that clears `dirty`, so the unsaved-changes prompt stays quiet.
  const [leaveTo, setLeaveTo] = useState<{ to: string; replace: boolean } | null>(null);

  // A refetch (after a save or an upload) refills the form, but never over edits in progress.
  const { submit, error, setError } = useEditorForm({
    form,
    source: record,
    toValues,
    hold: editing,
    save,
    onSaved: () => {
      setEditing(false);
      notifications.show({ color: 'green', message: `${noun} saved` });
    },
    unsaved: editing && form.isDirty(),
  });
  // After the prompt's hook (in useEditorForm): its blocker must already know that nothing is dirty.
  useEffect(() => {
    if (leaveTo) void navigate(leaveTo.to, { replace: leaveTo.replace });
  }, [leaveTo, navigate]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit().then((ok) => {
      if (ok && !record) setLeaveTo({ to: detailPath(ok.saved._id), replace: true });
    });
  };

  const edit = () => setEditing(true);

  const cancel = () => {
    form.reset();
    form.clearErrors();
    setError(null);
    setEditing(false);
    if (!record) setLeaveTo({ to: listPath, replace: false });
  };

  const askDelete = () =>
    confirmDelete(() => {
      if (!record) return;
      remove(record._id, {
        onSuccess: () => {
          form.reset();
          setEditing(false);
          notifications.show({ color: 'green', message: `${noun} deleted` });
          setLeaveTo({ to: listPath, replace: true });
        },
        onError: (e) => setError(e),
      });
    });

  return { editing, error, edit, onSubmit, cancel, askDelete };
}
