/** Placeholder until the finance screens land. */
export function ExpensePage() {
  return null;
}
