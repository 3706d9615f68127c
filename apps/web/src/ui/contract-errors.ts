/**
 * A core contract (a zod schema of @fieldbook/core) seen through the Standard
 * Schema interface that zod implements, so the browser checks a form with the
 * same rules and words as the server.
 */
interface Contract {
  '~standard': {
    validate(value: unknown): unknown;
  };
}

interface Issue {
  message: string;
  path?: readonly (PropertyKey | { key: PropertyKey })[];
}

/**
 * The form errors of `payload` (what the form would send) under `contract`,
 * one per field path, each starting with the field's label when `labels`
 * names it: { description: 'Description is required' }.
 */
export function contractErrors(
  contract: Contract,
  payload: unknown,
  labels: Record<string, string> = {},
): Record<string, string> {
  const result = contract['~standard'].validate(payload) as { issues?: readonly Issue[] };
  // Our contracts check synchronously; an asynchronous answer is left to the server.
  if (result instanceof Promise) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const path = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.');
    if (errors[path]) continue;
    const label = labels[path];
    errors[path] = label ? `${label} ${issue.message}` : issue.message;
  }
  return errors;
}
