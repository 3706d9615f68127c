import type { TClientType, TClientTypeSave } from '@fieldbook/core';
import { isUuid } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import * as repo from './client-types.repo.js';

export type ClientTypesService = ReturnType<typeof createClientTypesService>;

const present = (t: repo.ClientTypeRow): TClientType => ({
  _id: t.id,
  name: t.name,
  descriptions: t.descriptions,
});

const missing = () => notFound('Client type not found');

/** Client types ("entity templates"): a name and the extra fields of their clients. */
export function createClientTypesService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;
  return {
    list: async (companyId: string) => (await repo.listClientTypes(db, companyId)).map(present),

    async get(companyId: string, id: string) {
      const t = await repo.findClientType(db, companyId, id);
      if (!t) throw missing();
      return present(t);
    },

    async save(companyId: string, b: TClientTypeSave) {
      const v = { name: b.name, descriptions: b.descriptions };
      if (b._id) {
        if (!isUuid(b._id) || !(await repo.updateClientType(db, companyId, b._id, v)))
          throw missing();
        return { _id: b._id };
      }
      return { _id: await repo.insertClientType(db, companyId, v) };
    },

    async remove(companyId: string, id: string) {
      if (!(await repo.deleteClientType(db, companyId, id))) throw missing();
      return { message: 'Deleted' };
    },
  };
}
