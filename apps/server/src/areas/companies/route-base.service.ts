import type { TLatLng } from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import { getCompany, updateCompany } from './companies.repo.js';

export type RouteBaseService = ReturnType<typeof createRouteBaseService>;

/** The company's base: where the route planner's days start and end (issue 13). */
export function createRouteBaseService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;
  return {
    async get(companyId: string): Promise<TLatLng | null> {
      return (await getCompany(db, companyId))?.basePosition ?? null;
    },
    async set(companyId: string, basePosition: TLatLng | null): Promise<TLatLng | null> {
      await updateCompany(db, companyId, { basePosition });
      return basePosition;
    },
  };
}
