import type { TLine } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { badField } from '../../platform/errors.js';
import * as items from '../items/index.js';

/**
 * A line's `itemId` must be an item of this company. An id already on the
 * stored document stays valid (its item may have been deleted since), so an
 * old invoice can always be saved again.
 */
export async function checkLineItemIds(
  tx: Tx,
  companyId: string,
  lines: TLine[],
  stored: TLine[] = [],
): Promise<void> {
  const keep = new Set(stored.map((l) => l.itemId).filter(Boolean));
  const asked = lines.map((l) => l.itemId).filter((id): id is string => !!id && !keep.has(id));
  const bad = (i: number) => badField(`descriptions.${i}.itemId`, 'is not an item of this company');
  const badIndex = lines.findIndex((l) => l.itemId && !keep.has(l.itemId) && !isUuid(l.itemId));
  if (badIndex >= 0) throw bad(badIndex);
  const known = await items.itemIdsOfCompany(tx, companyId, [...new Set(asked)]);
  const missing = lines.findIndex((l) => l.itemId && !keep.has(l.itemId) && !known.has(l.itemId));
  if (missing >= 0) throw bad(missing);
}

/** The lines with their `itemId` dropped where that item has since left the price list. */
export async function withLiveItemIds(tx: Tx, companyId: string, lines: TLine[]): Promise<TLine[]> {
  const ids = [...new Set(lines.map((l) => l.itemId).filter((id): id is string => !!id))];
  const known = await items.itemIdsOfCompany(tx, companyId, ids);
  return lines.map((l) => (l.itemId && !known.has(l.itemId) ? { ...l, itemId: null } : l));
}

/** The price-list item a line stands for (made when missing, then noted in `created`). */
async function itemForLine(tx: Tx, companyId: string, line: TLine, created: string[]) {
  const item = await items.rememberItem(tx, companyId, line);
  if (item.created) created.push(line.description);
  return item.id;
}

/**
 * Applies the lines' `save` and `saveClientPrice` flags (spec §2, issue item
 * 5): `save` adds the line to the price list unless an item with the same code
 * and description exists; `saveClientPrice` makes the line's price the
 * client's own price on its item (the line's item, else the one with the same
 * code and description, made if needed). Answers the lines as they are stored
 * (flags dropped, `itemId` set to the item) and the descriptions of the items
 * made.
 */
export async function applyLineFlags(
  tx: Tx,
  companyId: string,
  clientId: string | null,
  lines: TLine[],
): Promise<{ lines: TLine[]; savedItems: string[] }> {
  const savedItems: string[] = [];
  const out: TLine[] = [];
  for (const line of lines) {
    const { save, saveClientPrice, ...stored } = line;
    if (save) stored.itemId = await itemForLine(tx, companyId, line, savedItems);
    if (saveClientPrice) {
      stored.itemId ??= await itemForLine(tx, companyId, line, savedItems);
      if (clientId) {
        const set = (id: string) => items.rememberPrice(tx, companyId, id, clientId, line.price);
        // The line's item may have been deleted since it was picked: then the matching one.
        if (!(await set(stored.itemId))) {
          stored.itemId = await itemForLine(tx, companyId, line, savedItems);
          await set(stored.itemId);
        }
      }
    }
    out.push(stored);
  }
  return { lines: out, savedItems };
}
