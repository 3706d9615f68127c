/** Placeholder until the finance screens land. */
export function ImportPage() {
  return null;
}
