import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { accountItems, ledgerAccounts } from '../../db/schema/index.js';

/**
 * The ledger account code (`account`) of each account item of the given
 * sources, keyed `${sourceId}:${lineIndex}`: the account the income
 * statement counts the line or expense in, so the export agrees with it.
 */
export async function accountCodesOf(
  db: Tx,
  companyId: string,
  kind: 'invoice' | 'expense' | 'credit',
  sourceIds: string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  // Chunks keep the parameter list well under the driver's limit on a long period.
  for (let i = 0; i < sourceIds.length; i += 5000) {
    const rows = await db
      .select({
        sourceId: accountItems.sourceId,
        lineIndex: accountItems.lineIndex,
        code: ledgerAccounts.account,
      })
      .from(accountItems)
      .innerJoin(
        ledgerAccounts,
        and(
          eq(ledgerAccounts.id, accountItems.ledgerAccountId),
          eq(ledgerAccounts.companyId, accountItems.companyId),
        ),
      )
      .where(
        and(
          eq(accountItems.companyId, companyId),
          eq(accountItems.sourceKind, kind),
          inArray(accountItems.sourceId, sourceIds.slice(i, i + 5000)),
        ),
      );
    for (const r of rows) out.set(`${r.sourceId}:${r.lineIndex}`, r.code);
  }
  return out;
}
