/** Placeholder until the finance screens land. */
export function ExpensesPage() {
  return null;
}
