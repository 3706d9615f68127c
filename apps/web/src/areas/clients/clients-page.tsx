/** Placeholder until the finance screens land. */
export function ClientsPage() {
  return null;
}
