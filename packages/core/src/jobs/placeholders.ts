/** The placeholders a status's notification subject and body may use. */
export const JOB_PLACEHOLDERS = [
  'jobNumber',
  'jobType',
  'status',
  'fault',
  'resolution',
  'startDate',
  'endDate',
  'assignee',
  'clientName',
  'clientSurname',
  'companyName',
  'companyPhone',
] as const;
export type JobPlaceholder = (typeof JOB_PLACEHOLDERS)[number];

/**
 * Fills `{jobNumber}`-style placeholders (also `{{ jobNumber }}`) with the
 * given values as plain text; unknown names stay as they are. Whoever puts
 * the result in HTML escapes it.
 */
export function fillPlaceholders(
  text: string,
  values: Partial<Record<JobPlaceholder, string>>,
): string {
  return text.replace(/\{\{?\s*([A-Za-z]+)\s*\}?\}/g, (whole, key: string) =>
    (JOB_PLACEHOLDERS as readonly string[]).includes(key)
      ? (values[key as JobPlaceholder] ?? '')
      : whole,
  );
}
