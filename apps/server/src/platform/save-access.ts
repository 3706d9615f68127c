import type { FastifyRequest } from 'fastify';
import { can, type Area, type Flag, type MemberAccess } from '@fieldbook/core';
import { forbidden } from './errors.js';

/**
 * A save that creates needs flag c and one that updates needs u, and which one
 * it is shows only in the body. Such a route is declared `access.member()` and
 * carries this preValidation hook (it runs after the company hook, before the
 * body is validated, so a caller without the right learns nothing from
 * validation messages). `isUpdate` reads the raw body; when it answers null
 * the route cannot tell before looking in the database, so the hook admits a
 * member with c or u and the service checks the exact flag with `requireRight`.
 */
export function saveAccess(
  area: Area,
  isUpdate: (req: FastifyRequest) => boolean | null = () => null,
) {
  return async (req: FastifyRequest) => {
    const member = req.company?.member;
    const update = isUpdate(req);
    const allowed =
      update === null
        ? can(member, area, 'c') || can(member, area, 'u')
        : can(member, area, update ? 'u' : 'c');
    if (!allowed) throw forbidden();
  };
}

/** The raw JSON body carries a non-empty `_id`: an update. */
export const bodyHasId = (req: FastifyRequest): boolean => {
  const body = req.body as Record<string, unknown> | null | undefined;
  return typeof body?._id === 'string' && body._id !== '';
};

/** 403 unless the member has `flag` on `area`. */
export function requireRight(member: MemberAccess, area: Area, flag: Flag): void {
  if (!can(member, area, flag)) throw forbidden();
}
