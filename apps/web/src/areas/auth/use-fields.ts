import { useState, type ChangeEvent, type FormEvent } from 'react';

/**
 * The text fields of a sign-in form, which checks nothing in the browser: plain
 * state, so the sign-in page downloads no form library (JS budget, apps/web/README.md).
 */
export function useFields<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState(initial);
  const field = (name: keyof V & string) => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });
  const onSubmit = (handle: (values: V) => void) => (e: FormEvent) => {
    e.preventDefault();
    handle(values);
  };
  return { values, field, onSubmit };
}

/**
 * One call to the server from a sign-in form: pending while it runs, its error
 * after a refusal. Plain state for the same reason as useFields.
 */
export function useAction<A, R>(call: (arg: A) => Promise<R>) {
  const [state, setState] = useState<{ pending: boolean; error: unknown; done: boolean }>({
    pending: false,
    error: null,
    done: false,
  });
  const run = (arg: A, onSuccess?: (result: R) => void) => {
    setState({ pending: true, error: null, done: false });
    call(arg).then(
      (r) => {
        setState({ pending: false, error: null, done: true });
        onSuccess?.(r);
      },
      (error: unknown) => setState({ pending: false, error, done: false }),
    );
  };
  return { ...state, run };
}
