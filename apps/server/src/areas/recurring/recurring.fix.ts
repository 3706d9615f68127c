import type { Tx } from '../../db/client.js';
import * as repo from './recurring.repo.js';

/**
 * The incident fix of a recurring item whose client was deleted (DECISIONS
 * §6): the item bills the chosen client from its next run. False when the
 * item is gone (the incident then just closes).
 */
export function assignRecurringClient(
  tx: Tx,
  companyId: string,
  itemId: string,
  client: { id: string; name: string; surname: string; email: string | null },
): Promise<boolean> {
  const to = [client.name, client.surname].filter(Boolean).join(' ');
  return repo.setItemClient(tx, companyId, itemId, client.id, { to, toEmail: client.email ?? '' });
}
