/** Placeholder until the finance screens land. */
export function ClientTypesPage() {
  return null;
}
