/** Placeholder until the finance screens land. */
export function IncidentsPage() {
  return null;
}
