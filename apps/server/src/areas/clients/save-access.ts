import type { FastifyRequest } from 'fastify';
import { can, type Area, type Flag, type MemberAccess } from '@fieldbook/core';
import { forbidden } from '../../platform/errors.js';

/**
 * A save route creates (needs c) or updates (needs u), and which one is known
 * only from the body. Such a route is declared `access.member()` and carries
 * this hook, which refuses a member who can do neither before the body is
 * validated (so such a caller learns nothing from validation messages); the
 * service then checks the flag the body actually needs with `requireRight`.
 */
export const createOrUpdateHook = (area: Area) => async (req: FastifyRequest) => {
  const m = req.company?.member;
  if (!can(m, area, 'c') && !can(m, area, 'u')) throw forbidden();
};

/** 403 unless the member has `flag` on `area`. */
export function requireRight(member: MemberAccess, area: Area, flag: Flag): void {
  if (!can(member, area, flag)) throw forbidden();
}
