import { toAmount, type TSupplier, type ZSupplierSave } from '@fieldbook/core';
import type { z } from 'zod';
import { isUuid } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import * as repo from './suppliers.repo.js';

export type SuppliersService = ReturnType<typeof createSuppliersService>;

const present = (s: repo.SupplierRow & { outstanding: string }): TSupplier => ({
  _id: s.id,
  name: s.name,
  surname: s.surname,
  outstanding: toAmount(s.outstanding),
});

const missing = () => notFound('Supplier not found');

export function createSuppliersService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;
  return {
    list: async (companyId: string) =>
      (await repo.listSuppliersWithOutstanding(db, companyId)).map(present),

    async get(companyId: string, id: string) {
      const [s] = await repo.listSuppliersWithOutstanding(db, companyId, id);
      if (!s) throw missing();
      return present(s);
    },

    async save(companyId: string, b: z.output<typeof ZSupplierSave>) {
      const v = { name: b.name, ...(b.surname !== undefined && { surname: b.surname }) };
      if (b._id) {
        if (!isUuid(b._id) || !(await repo.updateSupplier(db, companyId, b._id, v)))
          throw missing();
        return { _id: b._id };
      }
      return { _id: await repo.insertSupplier(db, companyId, v) };
    },

    /** Hides the supplier; its expenses keep pointing at it. */
    async remove(companyId: string, id: string) {
      if (!(await repo.updateSupplier(db, companyId, id, { deletedAt: new Date() })))
        throw missing();
      return { message: 'Deleted' };
    },
  };
}
