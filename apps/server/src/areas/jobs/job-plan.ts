import type { TPlanJobs } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isOwner, isUuid, type Caller } from '../../platform/access.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { jobView } from './job-access.js';
import { STALE_JOB } from './job-save.js';
import * as typesRepo from './job-types.repo.js';
import * as repo from './jobs.repo.js';

const NOT_FOUND = 'Job not found';

/**
 * Writes a route plan ("Plan jobs", issue 13): each stop's times and route
 * fields, all or nothing. Every id must be a job of the company (else 404,
 * nothing written), read at the `updatedAt` given (else 409), with a
 * schedule the member may change in its status. Rows are locked in id order,
 * so two plans over the same jobs queue instead of deadlocking.
 */
export async function writePlan(
  tx: Tx,
  companyId: string,
  who: Caller,
  body: TPlanJobs,
): Promise<{ id: string; updatedAt: Date }[]> {
  const stops = body.stops.map((s) => ({ ...s, id: s._id.toLowerCase() }));
  const ids = stops.map((s) => s.id);
  stops.forEach((s, i) => {
    if (ids.indexOf(s.id) !== i) throw badField(`stops.${i}._id`, 'is in the plan twice');
    if (s.dependencies.some((d) => d.toLowerCase() === s.id || !ids.includes(d.toLowerCase())))
      throw badField(`stops.${i}.dependencies`, 'must be another stop of this plan');
    if (Date.parse(s.endDate) < Date.parse(s.startDate))
      throw badField(`stops.${i}.endDate`, 'must not be before the start');
  });
  if (ids.some((id) => !isUuid(id))) throw notFound(NOT_FOUND);
  const types = await typesRepo.listTypes(tx, companyId, { share: true });
  const members = await repo.listMembers(tx, companyId);
  const groupId = isOwner(who)
    ? null
    : (members.find((m) => m.userId === who.userId)?.groupId ?? null);
  const old = new Map<string, NonNullable<Awaited<ReturnType<typeof repo.lockJob>>>>();
  for (const id of [...ids].sort()) {
    const row = await repo.lockJob(tx, companyId, id);
    if (!row) throw notFound(NOT_FOUND);
    old.set(id, row);
  }
  const now = Date.now();
  const saved: { id: string; updatedAt: Date }[] = [];
  for (const [i, s] of stops.entries()) {
    const row = old.get(s.id)!;
    if (row.updatedAt.getTime() > Date.parse(s.updatedAt)) throw new HttpError(409, STALE_JOB);
    const type = types.find((t) => t.id === row.appointmentTypeId);
    const view = type
      ? jobView(
          type,
          { status: row.status, hasSchedule: row.hasSchedule, lastStatus: row.lastStatus },
          groupId,
        )
      : null;
    if (view?.lockSchedule)
      throw badField(`stops.${i}.startDate`, "may not be changed in this job's status");
    const updatedAt = new Date(Math.max(now, row.updatedAt.getTime() + 1));
    await repo.updateJob(tx, companyId, s.id, {
      startDate: new Date(s.startDate),
      endDate: new Date(s.endDate),
      depart: s.depart ? new Date(s.depart) : null,
      distance: s.distance,
      duration: s.duration,
      displayOrder: s.displayOrder,
      progress: s.progress,
      dependencies: s.dependencies.map((d) => d.toLowerCase()),
      updatedAt,
    });
    saved.push({ id: s.id, updatedAt });
  }
  return saved;
}
