import { checkLedgerAccounts } from '../accounting/index.js';
import { amountText, type TItem, type ZItemSave } from '@fieldbook/core';
import type { z } from 'zod';
import { isUuid } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { badField, notFound } from '../../platform/errors.js';
import * as repo from './items.repo.js';
import { presentItem } from './items.present.js';

export type ItemsService = ReturnType<typeof createItemsService>;
type ItemSave = z.output<typeof ZItemSave>;

export function createItemsService(deps: Pick<AppDeps, 'database'>) {
  const db = deps.database.db;

  /** Ids in the body must belong to the company (400 naming the field). */
  async function checkReferences(companyId: string, b: ItemSave, existing: repo.ItemRow | null) {
    const clientIds = Object.keys(b.overrides ?? {});
    if (clientIds.some((k) => !isUuid(k))) {
      throw badField('overrides', 'must be client ids of this company');
    }
    const known = await repo.clientIdsOfCompany(db, companyId, clientIds);
    if (clientIds.some((k) => !known.has(k))) {
      throw badField('overrides', 'must be client ids of this company');
    }
    // A supplier deleted since the item was saved may stay on it.
    if (b.supplierId && b.supplierId !== existing?.supplierId) {
      const ok = isUuid(b.supplierId) && (await repo.isLiveSupplier(db, companyId, b.supplierId));
      if (!ok) throw badField('supplierId', 'is not a supplier of this company');
    }
    await checkLedgerAccounts(db, companyId, [
      { field: 'ledgerAccountId', id: b.ledgerAccountId, income: true },
      { field: 'expenseAccountId', id: b.expenseAccountId, income: false },
    ]);
  }

  return {
    async list(companyId: string): Promise<TItem[]> {
      return (await repo.listItems(db, companyId)).map(presentItem);
    },

    /** Whether the item exists: its save is an update (the route's access decides by it). */
    async exists(companyId: string, itemId: string): Promise<boolean> {
      return !!(await repo.findItem(db, companyId, itemId.toLowerCase()));
    },

    /** Upsert under the id the browser chose (the route checked c to create, u to update). */
    async save(companyId: string, itemId: string, b: ItemSave) {
      const existing = await repo.findItem(db, companyId, itemId);
      await checkReferences(companyId, b, existing);
      const values: repo.ItemValues = {
        code: b.code ?? '',
        description: b.description,
        category: b.category ?? '',
        price: amountText(b.price),
        notes: b.notes ?? '',
        ledgerAccountId: b.ledgerAccountId,
        overrides: b.overrides ?? {},
        hasTax: b.hasTax ?? true,
        hasSecondTax: b.hasSecondTax ?? true,
        cost: b.cost == null ? null : amountText(b.cost),
        supplierId: b.supplierId,
        expenseAccountId: b.expenseAccountId,
      };
      if (existing) await repo.updateItem(db, companyId, itemId, values);
      else if (!(await repo.insertItemWithId(db, companyId, itemId, values))) {
        // The id is another company's item: never reveal that it exists.
        throw notFound('Item not found');
      }
      return { _id: itemId };
    },

    async remove(companyId: string, itemId: string) {
      if (!(await repo.deleteItem(db, companyId, itemId))) throw notFound('Item not found');
      return { message: 'Deleted' };
    },
  };
}
