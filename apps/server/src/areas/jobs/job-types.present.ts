import { withoutStaleKeys, type TAppointmentType } from '@fieldbook/core';
import type { TypeRow } from './job-types.repo.js';

/** A type as the designer and the job modal read it. */
export function presentType(t: TypeRow): TAppointmentType {
  return {
    _id: t.id,
    name: t.name,
    description: t.description,
    icon: t.icon,
    color: t.color as TAppointmentType['color'],
    statuses: t.statuses,
    components: t.components,
    order: t.order,
    updatedAt: t.updatedAt.toISOString(),
  };
}

/**
 * Types as `GET /types` answers them (and the offline pack): without the keys
 * of groups the company no longer has (`groupIds`: its groups).
 */
export const presentTypes = (rows: TypeRow[], groupIds: Set<string>): TAppointmentType[] =>
  rows.map((t) => withoutStaleKeys(presentType(t), groupIds));
