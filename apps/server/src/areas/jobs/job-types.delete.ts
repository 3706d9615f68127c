import {
  LAST_TYPE,
  isHidden,
  typeInUse,
  typeMoveEntry,
  type TJobTypeDelete,
  type TJobTypeDeleted,
} from '@fieldbook/core';
import type { Db, Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { LOG_LIMIT } from './job-automations.repo.js';
import * as repo from './job-types.repo.js';

const missing = () => notFound('Type not found');

/**
 * What deleting a type asks of the recurring area (which imports jobs, so jobs
 * never imports it): wired in the composition root (src/compose.ts).
 */
export interface JobTypesNeeds {
  countRecurringOfType(tx: Tx, companyId: string, typeId: string): Promise<number>;
  moveRecurringType(tx: Tx, companyId: string, from: string, to: string): Promise<number>;
}

/**
 * Deletes a type (issue 19 B4, docs/jobs.md "Deleting a type"): never the
 * company's last; while jobs or recurring jobs use it only with `moveTo`,
 * and then they all move in the same transaction (a status the new type has
 * is kept, else its first; a log entry says so). Another company's id, for
 * either type, is a 404.
 */
export async function deleteJobType(
  db: Db,
  companyId: string,
  userId: string | null,
  id: string,
  body: TJobTypeDelete,
  { countRecurringOfType, moveRecurringType }: JobTypesNeeds,
): Promise<TJobTypeDeleted> {
  const moveTo = body.moveTo ? body.moveTo.toLowerCase() : null;
  if (!isUuid(id) || (moveTo && !isUuid(moveTo))) throw missing();
  if (moveTo === id.toLowerCase()) throw badField('moveTo', 'must be another type');
  return db.transaction(async (tx) => {
    // Both types locked in id order (two deletions moving each way take turns), before
    // the company's row, as a type save does: a job save or type save waits for the end.
    const ids = [id.toLowerCase(), ...(moveTo ? [moveTo] : [])].sort();
    const found = new Map<string, repo.TypeRow>();
    for (const x of ids) {
      const t = await repo.findType(tx, companyId, x, { update: true });
      if (!t) throw missing();
      found.set(x, t);
    }
    const old = found.get(id.toLowerCase())!;
    const target = moveTo ? found.get(moveTo)! : null;
    await repo.lockTypeCreation(tx, companyId);
    if ((await repo.countTypes(tx, companyId)) <= 1) throw new HttpError(409, LAST_TYPE);
    const jobs = await repo.countTypeJobs(tx, companyId, old.id);
    const recurring = await countRecurringOfType(tx, companyId, old.id);
    if ((jobs || recurring) && !target) {
      const why = typeInUse(jobs, recurring);
      throw new HttpError(409, `moveTo ${why}`, { moveTo: why });
    }
    let movedJobs = 0;
    let movedRecurring = 0;
    if (target && (jobs || recurring)) {
      const names = target.statuses.map((s) => s.name);
      movedJobs = await repo.moveTypeJobs(
        tx,
        companyId,
        old.id,
        {
          id: target.id,
          names,
          first: names[0]!,
          hidden: target.statuses.filter((s) => isHidden(s)).map((s) => s.name),
        },
        { s: typeMoveEntry(old.name, target.name), d: new Date().toISOString(), userId },
        LOG_LIMIT,
      );
      movedRecurring = await moveRecurringType(tx, companyId, old.id, target.id);
    }
    await repo.deleteType(tx, companyId, old.id);
    return { message: 'Deleted', movedJobs, movedRecurring };
  });
}
