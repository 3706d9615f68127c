/** Placeholder until the finance screens land. */
export function SuppliersPage() {
  return null;
}
