import { toAmount, type TItem } from '@fieldbook/core';
import type { ItemRow } from './items.repo.js';

export function presentItem(r: ItemRow): TItem {
  return {
    _id: r.id,
    code: r.code,
    description: r.description,
    category: r.category,
    price: toAmount(r.price),
    notes: r.notes,
    ledgerAccountId: r.ledgerAccountId,
    overrides: Object.fromEntries(
      Object.entries(r.overrides ?? {}).map(([clientId, price]) => [clientId, toAmount(price)]),
    ),
    hasTax: r.hasTax,
    hasSecondTax: r.hasSecondTax,
    cost: r.cost === null ? null : toAmount(r.cost),
    supplierId: r.supplierId,
    expenseAccountId: r.expenseAccountId,
  };
}
