/** Placeholder until the finance screens land. */
export function ClientPage() {
  return null;
}
