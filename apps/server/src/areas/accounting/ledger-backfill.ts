import type { AppDeps } from '../../platform/deps.js';
import * as repo from './ledger-sources.repo.js';
import { creditedLinePlaces, toAmount } from '@fieldbook/core';
import { syncCreditItems, syncExpenseItems, syncInvoiceItems } from './ledger-sync.js';

/** Below every uuid: where the keyset pages start. */
const FIRST = '00000000-0000-0000-0000-000000000000';

/** Groups a page by company, so each company's part is one transaction. */
function byCompany<T extends { companyId: string }>(rows: T[]): T[][] {
  const m = new Map<string, T[]>();
  for (const r of rows) m.set(r.companyId, [...(m.get(r.companyId) ?? []), r]);
  return [...m.values()];
}

/**
 * Makes the account items of invoices and expenses saved before the ledger
 * existed (docs/accounting.md). Idempotent: it reads only sources without any
 * item and inserts with ON CONFLICT DO NOTHING on the one-item-per-line index,
 * so a rerun, or a save racing it, changes nothing. Pages by id (so a source
 * that yields no rows cannot loop), one transaction per company per page,
 * in which the page's documents are read again under their row locks (a
 * document deleted or rewritten after the page was read is skipped or built
 * as it is now).
 */
export async function backfillAccountItems(
  deps: Pick<AppDeps, 'database'>,
  opts: { batch?: number } = {},
): Promise<{ invoices: number; expenses: number; creditNotes: number }> {
  const db = deps.database.db;
  const batch = opts.batch ?? 200;
  const done = { invoices: 0, expenses: 0, creditNotes: 0 };
  for (let after = FIRST; ;) {
    const page = await repo.invoicesWithoutItems(db, after, batch);
    if (page.length === 0) break;
    for (const group of byCompany(page))
      await db.transaction(async (tx) => {
        // Read again, locked: the page is only a list of candidates (see the repo).
        const ids = group.map((r) => r.id);
        for (const inv of await repo.lockInvoicesWithoutItems(tx, group[0]!.companyId, ids))
          await syncInvoiceItems(tx, inv.companyId, inv, { insertOnly: true });
      });
    done.invoices += page.length;
    after = page[page.length - 1]!.id;
  }
  for (let after = FIRST; ;) {
    const page = await repo.expensesWithoutItems(db, after, batch);
    if (page.length === 0) break;
    for (const group of byCompany(page))
      await db.transaction(async (tx) => {
        const ids = group.map((r) => r.id);
        for (const e of await repo.lockExpensesWithoutItems(tx, group[0]!.companyId, ids))
          await syncExpenseItems(tx, e.companyId, e, { insertOnly: true });
      });
    done.expenses += page.length;
    after = page[page.length - 1]!.id;
  }
  // Credit notes after invoices: a note's parts go on the accounts its invoice's lines count on.
  for (let after = FIRST; ;) {
    const page = await repo.creditNotesWithoutItems(db, after, batch);
    if (page.length === 0) break;
    for (const group of byCompany(page))
      await db.transaction(async (tx) => {
        const ids = group.map((r) => r.id);
        for (const n of await repo.lockCreditNotesWithoutItems(tx, group[0]!.companyId, ids))
          await syncCreditItems(
            tx,
            n.companyId,
            {
              id: n.id,
              noteDate: n.noteDate,
              number: n.number,
              lineIndexes: creditedLinePlaces(n.lines),
              total: toAmount(n.total),
              tax1: toAmount(n.tax1),
              tax2: toAmount(n.tax2),
              invoice: {
                id: n.invoiceId,
                descriptions: n.descriptions,
                discount: n.discount,
                tax: n.tax,
              },
            },
            { insertOnly: true },
          );
      });
    done.creditNotes += page.length;
    after = page[page.length - 1]!.id;
  }
  return done;
}
