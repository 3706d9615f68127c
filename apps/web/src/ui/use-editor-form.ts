import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { ApiError } from '../api/api-client';
import { useUnsavedChangesPrompt } from './use-unsaved-changes-prompt';

export interface EditorFormOptions<V, S, R> {
  form: UseFormReturnType<V>;
  /** The loaded object the form edits; null or undefined while loading, for a new one or a form
   * that starts from its initial values. */
  source?: S | null;
  /** The form's values for a (re)loaded object. */
  toValues?: (source: S) => V;
  /**
   * While true a (re)loaded object waits instead of refilling the form: a record screen
   * passes `editing`. Edits in progress (a dirty form) are never overwritten either way.
   */
  hold?: boolean;
  /** Saves the values; its result goes to `onSaved`. */
  save: (values: V) => Promise<R>;
  /**
   * After a save: notifications, leaving edit mode, closing. May return the values to keep as
   * the form's new baseline (what the server made of them, or a create modal's blank form for
   * its next opening); by default the values saved.
   */
  onSaved?: (saved: R, values: V) => V | void;
  /**
   * Where the server's refused fields (`ApiError.fields`) show: 'form' (the default) puts each
   * under its field; 'box' leaves the fields alone and shows the refusal only in the red box
   * above the form, through `error` (ledger accounts, spec §8; the car and trip modals). The
   * form's own rules show under the fields either way.
   */
  fieldErrors?: 'form' | 'box';
  /** The fields refused, by the form's own rules or by the server (`ApiError.fields`, unless
   * `fieldErrors` is 'box'). */
  onFieldErrors?: (errors: Record<string, string>) => void;
  /** A failed save, after its fields went onto the form: a red notification, say. */
  onFailed?: (error: unknown) => void;
  /**
   * Whether leaving now loses edits: while true, leaving asks 'Do you want to save the
   * changes?' (page editors pass their dirty state; modals leave it out and never ask).
   */
  unsaved?: boolean;
}

export interface SubmitOptions<V> {
  /** Values to save instead of the form's (the form's with a modal's fields, say). */
  values?: V;
  /** False to save without the form's own rules (a save from outside edit mode). */
  validate?: boolean;
}

/**
 * The one form hook of modal and page editors. It fills the Mantine form from the loaded
 * object once per object (a refetch's new object refills it, but never over edits in
 * progress) and makes it the baseline of `isDirty`; it submits: the form's rules first, then
 * `save`, the server's refused fields onto the form (or only in the box above it, with
 * `fieldErrors: 'box'`) and the error kept for display; after a
 * save the values saved are the new baseline, so the form is clean. Leaving with unsaved
 * edits asks first where `unsaved` says so (the prompt's Save runs `submit`).
 */
export function useEditorForm<V, S, R>({
  form,
  source,
  toValues,
  hold = false,
  save,
  onSaved,
  fieldErrors = 'form',
  onFieldErrors,
  onFailed,
  unsaved,
}: EditorFormOptions<V, S, R>) {
  const [error, setError] = useState<unknown>(null);

  const loaded = useRef<S | null | undefined>(undefined);
  useEffect(() => {
    if (source == null || !toValues || loaded.current === source || hold || form.isDirty()) return;
    loaded.current = source;
    const values = toValues(source);
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
  });

  /** Validates and saves; the save's result, or null when refused or failed. */
  const submit = async (options: SubmitOptions<V> = {}): Promise<{ saved: R } | null> => {
    if (options.validate !== false) {
      const check = form.validate();
      if (check.hasErrors) {
        onFieldErrors?.(check.errors as Record<string, string>);
        return null;
      }
    }
    setError(null);
    const values = options.values ?? form.getValues();
    try {
      const saved = await save(values);
      const base = onSaved?.(saved, values) ?? undefined;
      // The form shows what was saved when that is not what it holds.
      if (base || options.values) form.setValues(base ?? values);
      form.setInitialValues(base ?? values);
      form.resetDirty(base ?? values);
      return { saved };
    } catch (e) {
      if (fieldErrors === 'form' && e instanceof ApiError && e.fields) {
        form.setErrors(e.fields);
        onFieldErrors?.(e.fields);
      }
      setError(e);
      onFailed?.(e);
      return null;
    }
  };

  useUnsavedChangesPrompt(unsaved ?? false, async () => !!(await submit()));

  /** A `<form>`'s onSubmit. */
  const onSubmit = (e?: FormEvent) => {
    e?.preventDefault();
    void submit();
  };

  return { submit, onSubmit, error, setError };
}
