/** Placeholder until the finance screens land. */
export function ItemsPage() {
  return null;
}
