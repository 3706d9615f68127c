import type { FastifyRequest } from 'fastify';
import { can, type Area } from '@fieldbook/core';
import { forbidden } from '../../platform/errors.js';

/**
 * A save that creates needs flag c, one that updates needs u, so such a route
 * is declared `access.member(...)` and this route-level preValidation hook
 * (run after the platform's company hook, before body validation) refuses a
 * member who may not do the save at all. `isUpdate` reads the raw body; null
 * means the route cannot tell before it looks in the database (the service
 * then checks the exact flag).
 */
export function saveAccess(area: Area, isUpdate: (req: FastifyRequest) => boolean | null) {
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

/** The raw body carries a non-empty `_id`: an update. */
export const bodyHasId = (req: FastifyRequest): boolean => {
  const body = req.body as Record<string, unknown> | null | undefined;
  return typeof body?._id === 'string' && body._id !== '';
};
