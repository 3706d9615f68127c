import { useEffect, useRef } from 'react';

interface LoadableForm<V> {
  setInitialValues: (values: V) => void;
  setValues: (values: V) => void;
}

/**
 * Fill a form from loaded data once per loaded object, and make it the
 * baseline for `isDirty`. A refetch that returns a new object refills the form.
 */
export function useLoadForm<S, V>(
  form: LoadableForm<V>,
  source: S | undefined,
  toValues: (s: S) => V,
) {
  const loaded = useRef<S | undefined>(undefined);
  useEffect(() => {
    if (source === undefined || loaded.current === source) return;
    loaded.current = source;
    const values = toValues(source);
    form.setInitialValues(values);
    form.setValues(values);
  });
}
