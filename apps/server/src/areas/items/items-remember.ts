import { amountText, type TLine } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import * as repo from './items.repo.js';

// What a saved document's lines ask of the price list (the items area alone
// writes the items table, docs/architecture.md).

/**
 * The price-list item a line stands for: same code and description, made
 * when missing. `created` is true when it was made.
 */
export async function rememberItem(
  tx: Tx,
  companyId: string,
  line: TLine,
): Promise<{ id: string; created: boolean }> {
  const code = line.code ?? '';
  const found = await repo.findItemByCodeAndDescription(tx, companyId, code, line.description);
  if (found) return { id: found.id, created: false };
  const item = await repo.insertItem(tx, companyId, {
    code,
    description: line.description,
    category: line.category ?? '',
    price: amountText(line.price),
    notes: line.notes ?? '',
    ledgerAccountId:
      line.ledgerAccountId && isUuid(line.ledgerAccountId)
        ? line.ledgerAccountId.toLowerCase()
        : null,
    hasTax: line.hasTax ?? true,
    hasSecondTax: line.hasSecondTax ?? true,
  });
  return { id: item.id, created: true };
}

/** Makes `price` the client's own price on item `itemId`; false when the item is gone. */
export function rememberPrice(
  tx: Tx,
  companyId: string,
  itemId: string,
  clientId: string,
  price: number,
): Promise<boolean> {
  return repo.setItemOverride(tx, companyId, itemId, clientId, price);
}
