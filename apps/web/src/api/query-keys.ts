/**
 * Query keys in one place. Everything scoped to a company starts with
 * ['company', companyId], so switching companies can invalidate it in one go.
 */
export const queryKeys = {
  profile: ['profile'] as const,
  companies: ['companies'] as const,
  companyScope: ['company'] as const,
  company: (id: string) => ['company', id] as const,
  people: ['people'] as const,
  person: (id: string) => ['people', id] as const,
  outbox: ['outbox'] as const,
};
