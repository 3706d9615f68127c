/** Placeholder until the finance screens land. */
export function InvoicePage() {
  return null;
}
