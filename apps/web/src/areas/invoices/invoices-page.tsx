/** Placeholder until the finance screens land. */
export function InvoicesPage() {
  return null;
}
