import {
  DEFAULT_TIME_ZONE,
  ZExpenseSave,
  type TExpense,
  type TExpenseSummary,
} from '@fieldbook/core';
import { isUuid, userOf, type Caller } from '../../platform/access.js';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../platform/deps.js';
import { badField, notFound } from '../../platform/errors.js';
import { deleteCompanyFile, storeFile } from '../files/index.js';
import { checkLedgerAccount, removeSourceItems } from '../accounting/index.js';
import { syncExpenseItem, writeExpense } from './expense-writer.js';
import { readPeriod, toExpenseValues } from './expenses.input.js';
import { presentExpense, presentSummary } from './expenses.present.js';
import * as repo from './expenses.repo.js';

export type ExpensesService = ReturnType<typeof createExpensesService>;

export type PeriodQuery = { from?: string; to?: string; type?: string };

export interface Image {
  data: Buffer;
  contentType: string;
}

const EXPENSE_NOT_FOUND = 'Expense not found';

/** The `_id` of a raw save body, read before validation to pick the right flag. */
function rawId(raw: unknown): string | null {
  const id = (raw as { _id?: unknown } | null)?._id;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** An expense saved with the recurring switch on, as the recurring area takes it. */
export interface RecurringExpenseSource {
  kind: 'expenses';
  id: string;
  date: string;
  recurringType: string;
  supplierId: string | null;
  to: string;
  price: string;
  description: string;
  methodPaid: string;
  ledgerAccountId: string | null;
}

/**
 * What the expenses area asks of the recurring area (which imports the
 * expenses area), wired in the composition root (src/compose.ts).
 */
export interface ExpensesNeeds {
  /** Makes the recurring item of a document saved with the switch on. */
  recurringFromDocument(
    tx: Tx,
    companyId: string,
    timeZone: string,
    userId: string | null,
    src: RecurringExpenseSource,
  ): Promise<unknown>;
}

export function createExpensesService(
  deps: Pick<AppDeps, 'database' | 'config'>,
  needs: ExpensesNeeds,
) {
  const { recurringFromDocument } = needs;
  const db = deps.database.db;

  async function settingsOf(companyId: string) {
    const c = await repo.companySettings(db, companyId);
    if (!c) throw notFound('Company not found');
    return c;
  }

  /**
   * The period of a query. The company's zone only matters when neither date
   * is given (the current period), so only then is it read: a list stays one query.
   */
  async function periodOf(companyId: string, q: PeriodQuery) {
    const tz = q.from || q.to ? DEFAULT_TIME_ZONE : (await settingsOf(companyId)).timeZone;
    return readPeriod(q, tz);
  }

  return {
    async list(companyId: string, q: PeriodQuery): Promise<TExpense[]> {
      const p = await periodOf(companyId, q);
      return (await repo.listExpenses(db, companyId, p.from, p.to)).map(presentExpense);
    },

    async summary(companyId: string, q: PeriodQuery): Promise<TExpenseSummary> {
      const p = await periodOf(companyId, q);
      return presentSummary(await repo.summarizeExpenses(db, companyId, p.from, p.to));
    },

    async get(companyId: string, id: string): Promise<TExpense> {
      const e = await repo.findExpense(db, companyId, id);
      if (!e) throw notFound(EXPENSE_NOT_FOUND);
      return presentExpense(e);
    },

    /**
     * Create (no `_id`, needs c) or update (needs u) an expense from the
     * multipart `data` JSON and an optional photo, in one transaction (the
     * route decided c or u before the body is validated).
     */
    async save(who: Caller, raw: unknown, photo: Image | null): Promise<{ _id: string }> {
      const id = rawId(raw);
      const b = ZExpenseSave.parse(raw);
      if (id && !isUuid(id)) throw notFound(EXPENSE_NOT_FOUND);
      const { companyId } = who;
      const company = await settingsOf(companyId);

      let supplierName: string | null = null;
      if (b.supplierId) {
        // The supplier already on a saved expense may stay after it was deleted.
        const stored = id ? await repo.findExpense(db, companyId, id) : null;
        const keep = stored?.supplierId === b.supplierId;
        const s = isUuid(b.supplierId)
          ? await repo.findSupplier(db, companyId, b.supplierId, { live: !keep })
          : null;
        if (!s) throw badField('supplierId', 'is not a supplier of this company');
        supplierName = [s.name, s.surname].filter(Boolean).join(' ');
      }
      const values = toExpenseValues(b, company.timeZone, supplierName);

      return db.transaction(async (tx) => {
        // Inside the transaction (the account read FOR SHARE): a concurrent delete of the
        // account waits, so no item names a deleted account. An expense counts on a cost account.
        await checkLedgerAccount(tx, companyId, 'ledgerAccountId', values.ledgerAccountId, false);
        const existing = id ? await repo.findExpense(tx, companyId, id) : null;
        if (id && !existing) throw notFound(EXPENSE_NOT_FOUND);
        let photoId = existing?.photo ?? null;
        let oldPhoto: string | null = null;
        if (photo) {
          oldPhoto = photoId;
          photoId = await storeFile(
            tx,
            { quotaBytes: deps.config.storageQuotaBytes, field: 'photo' },
            { companyId, userId: userOf(who), ...photo },
          );
        } else if (b.removePhoto) {
          oldPhoto = photoId;
          photoId = null;
        }

        let savedId: string;
        if (id && existing) {
          if (!(await repo.updateExpense(tx, companyId, id, { ...values, photo: photoId })))
            throw notFound(EXPENSE_NOT_FOUND);
          savedId = id;
          // The ledger's item of this expense, in the same transaction (a new one gets its own
          // from the writer).
          await syncExpenseItem(tx, companyId, id, existing.expenseNumber, values);
        } else {
          // The invoice counter rule: the next free number, skipping any already taken.
          const numbering = { id: companyId, numbering: company.numbering };
          savedId = await writeExpense(tx, numbering, { ...values, photo: photoId }, userOf(who));
        }
        // After the row no longer points at it.
        if (oldPhoto) await deleteCompanyFile(tx, companyId, oldPhoto);
        // The recurring switch turned on: the expense becomes the first run of a recurring item.
        if (values.isRecurring && !existing?.isRecurring)
          await recurringFromDocument(tx, companyId, company.timeZone, userOf(who), {
            kind: 'expenses',
            id: savedId,
            date: values.expenseDate,
            recurringType: values.recurringType ?? '',
            supplierId: values.supplierId ?? null,
            to: values.to ?? '',
            price: values.price,
            description: values.description ?? '',
            methodPaid: values.methodPaid ?? '',
            ledgerAccountId: values.ledgerAccountId ?? null,
          });
        return { _id: savedId };
      });
    },

    async remove(companyId: string, id: string) {
      await db.transaction(async (tx) => {
        const gone = await repo.deleteExpense(tx, companyId, id);
        if (!gone) throw notFound(EXPENSE_NOT_FOUND);
        await removeSourceItems(tx, companyId, 'expense', id);
        if (gone.photo) await deleteCompanyFile(tx, companyId, gone.photo);
      });
      return { message: 'Deleted' };
    },
  };
}
