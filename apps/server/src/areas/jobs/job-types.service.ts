import {
  MAX_COMPANY_TYPE_BYTES,
  biggerPart,
  brokenWorkflow,
  permissionKeyFault,
  typeBytes,
  typeSizeFault,
  defaultTypes,
  isHidden,
  normaliseType,
  type TAppointmentType,
  type TAppointmentTypeSave,
  type TJobTypeDelete,
  type TJobTypeSaved,
  type ZAppointmentTypeSave,
} from '@fieldbook/core';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { listGroups } from '../companies/index.js';
import * as repo from './job-types.repo.js';
import { deleteJobType, type JobTypesNeeds } from './job-types.delete.js';
import { presentTypes } from './job-types.present.js';

export type JobTypesService = ReturnType<typeof createJobTypesService>;

const NAME_TAKEN = 'is already the name of another type';
export const STALE_TYPE = 'This type was changed by someone else; reload it';
/** Every job save reads all of a company's types: a bounded list keeps that cheap. */
export const MAX_TYPES = 50;

/** A type as stored: defaults filled in, `next` derived from the diagram's links. */
function toWrite(t: TAppointmentTypeSave, order: number): repo.TypeWrite {
  const n = normaliseType(t);
  return {
    name: n.name,
    description: n.description,
    icon: n.icon ?? '',
    color: n.color,
    statuses: n.statuses,
    components: n.components,
    order: n.order ?? order,
  };
}

/**
 * The default types (Meeting, Booking) for a company that has none; safe to
 * call twice or at once (a name the company has is skipped).
 */
export async function installDefaultTypes(tx: Tx, companyId: string): Promise<void> {
  await repo.insertTypesIfAbsent(
    tx,
    companyId,
    defaultTypes().map((t, i) => toWrite(t, i)),
  );
}

/** The names of a type's statuses a job is inactive in (final or hidden). */
export const hiddenStatusNames = (t: Pick<repo.TypeWrite, 'statuses'>) =>
  t.statuses.filter((s) => isHidden(s)).map((s) => s.name);

export function createJobTypesService(
  deps: Pick<AppDeps, 'database' | 'events'>,
  needs: JobTypesNeeds,
) {
  const db = deps.database.db;
  /** Every open board, job modal, calendar, recurring screen and designer reloads (realtime.ts). */
  const changed = (companyId: string, ids: string[]) =>
    deps.events.emit({ companyId, name: 'typesChanged', ids });

  return {
    /** The company's types; a company with none gets the defaults first. */
    async list(companyId: string): Promise<TAppointmentType[]> {
      let rows = await repo.listTypes(db, companyId);
      if (rows.length === 0) {
        await db.transaction((tx) => installDefaultTypes(tx, companyId));
        rows = await repo.listTypes(db, companyId);
      }
      const groups = new Set((await listGroups(db, companyId)).map((g) => g.id));
      return presentTypes(rows, groups);
    },

    /**
     * Save one type (Save All posts each). A broken workflow is a 400 naming
     * the field; after the save the type's jobs follow renamed statuses and
     * their `active` flag is recomputed, in the same transaction.
     */
    async save(
      companyId: string,
      body: z.output<typeof ZAppointmentTypeSave>,
    ): Promise<TJobTypeSaved> {
      const id = body._id || null;
      if (id && !isUuid(id)) throw notFound('Type not found');
      const [fault] = brokenWorkflow(body.statuses, body.components);
      if (fault) throw badField(fault.field, fault.message);
      try {
        const saved = await db.transaction(async (tx) => {
          // Locked before the renames are computed from it: two saves of one type take turns.
          const old = id ? await repo.findType(tx, companyId, id, { update: true }) : null;
          if (id && !old) throw notFound('Type not found');
          if (old && body.updatedAt) {
            const seen = Date.parse(body.updatedAt);
            if (isNaN(seen)) throw badField('updatedAt', 'must be a date and time');
            if (old.updatedAt.getTime() > seen) throw new HttpError(409, STALE_TYPE);
          }
          // The company's row: creations (the count) and the company's total size take turns.
          await repo.lockTypeCreation(tx, companyId);
          if (await repo.nameTaken(tx, companyId, body.name, id))
            throw badField('name', NAME_TAKEN);
          const count = old ? old.order : await repo.countTypes(tx, companyId);
          if (!old && count >= MAX_TYPES)
            throw badField('name', `A company may have at most ${MAX_TYPES} types`);
          const write = toWrite(body, count);
          const groups = new Set((await listGroups(tx, companyId)).map((g) => g.id));
          const limit =
            permissionKeyFault(write.statuses, write.components, groups) ?? typeSizeFault(write);
          if (limit) throw badField(limit.field, limit.message);
          const others = (await repo.listTypes(tx, companyId)).filter((t) => t.id !== id);
          const total = others.reduce((n, t) => n + typeBytes(t), typeBytes(write));
          if (total > MAX_COMPANY_TYPE_BYTES)
            throw badField(
              biggerPart(write),
              `The company's types would be ${Math.ceil(total / 1024)} KB; together they may be at most ${MAX_COMPANY_TYPE_BYTES / 1024} KB`,
            );
          if (!old) {
            const created = await repo.insertType(tx, companyId, write);
            return { _id: created.id, updatedAt: created.updatedAt.toISOString() };
          }
          // Always later than the loaded one, so a save in the same millisecond is still stale.
          const updatedAt = new Date(Math.max(Date.now(), old.updatedAt.getTime() + 1));
          await repo.updateType(tx, companyId, old.id, { ...write, updatedAt });
          // A status renamed (same id, new name): its jobs keep their place. Through a
          // name no status can have (two lines), so swapped names do not mix.
          const renamed = write.statuses.flatMap((s) => {
            const before = old.statuses.find((o) => o.id === s.id);
            return before && before.name !== s.name ? [{ from: before.name, to: s.name }] : [];
          });
          for (const [i, r] of renamed.entries())
            await repo.renameJobStatus(tx, companyId, old.id, r.from, `\n${i}`);
          for (const [i, r] of renamed.entries())
            await repo.renameJobStatus(tx, companyId, old.id, `\n${i}`, r.to);
          await repo.recomputeActive(tx, companyId, old.id, hiddenStatusNames(write));
          return { _id: old.id, updatedAt: updatedAt.toISOString() };
        });
        changed(companyId, [saved._id]);
        return saved;
      } catch (e) {
        if (repo.isUniqueViolation(e))
          throw new HttpError(400, `name ${NAME_TAKEN}`, { name: NAME_TAKEN });
        throw e;
      }
    },

    /** Delete a type, moving its jobs to `body.moveTo` (job-types.delete.ts). */
    async remove(companyId: string, userId: string, id: string, body: TJobTypeDelete) {
      const done = await deleteJobType(db, companyId, userId, id, body, needs);
      // After the commit: a browser that reloads at once sees the jobs in their new type.
      changed(companyId, [id.toLowerCase(), ...(body.moveTo ? [body.moveTo.toLowerCase()] : [])]);
      return done;
    },
  };
}
