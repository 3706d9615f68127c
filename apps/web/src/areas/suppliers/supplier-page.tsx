/** Placeholder until the finance screens land. */
export function SupplierPage() {
  return null;
}
