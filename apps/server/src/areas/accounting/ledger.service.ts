import {
  DEFAULT_TIME_ZONE,
  PeriodError,
  ZLedgerAccountSave,
  isIncomeType,
  parsePeriodQuery,
  addAmounts,
  subAmounts,
  toAmount,
  vatOfCredit,
  vatOfDocument,
  type Period,
  type TAccountItem,
  type TIncomeStatement,
  type TLedgerAccount,
  type TVatSummary,
} from '@fieldbook/core';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { isUuid, may, requireRight, type Caller } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { getCompany } from '../companies/index.js';
import { defaultAccountIds } from './ledger-sync.js';
import { creditNotesForVat, invoicesForVat, lockSource } from './ledger-sources.repo.js';
import { reportHtml } from './ledger-report.js';
import { presentAccount, presentItem } from './ledger.present.js';
import * as repo from './ledger.repo.js';

export type LedgerService = ReturnType<typeof createLedgerService>;
type PeriodQuery = { from?: string; to?: string; type?: string };

export const ACCOUNT_NOT_FOUND = 'Account not found';
export const ACCOUNT_ITEM_NOT_FOUND = 'Account item not found';
export const DEFAULT_ACCOUNT_UNDELETABLE = 'The default account cannot be deleted';
/** A statement has a column per month: a longer period would be unreadable (and unbounded). */
export const MAX_STATEMENT_MONTHS = 120;

/** Every month 'YYYY-MM' from the month of `from` to the month of `to`. */
export function monthsOf(from: string, to: string): string[] {
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  const out: string[] = [];
  for (;;) {
    const key = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= last || out.length > MAX_STATEMENT_MONTHS) return out;
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

/** The first and last day of a month 'YYYY-MM'. */
function monthRange(ym: string): { from: string; to: string } {
  const y = Number(ym.slice(0, 4));
  const m = Number(ym.slice(5, 7));
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${ym}-01`, to: `${ym}-${String(days).padStart(2, '0')}` };
}

/** Of an area whose records are booked to ledger accounts (each owns its table). */
interface BookedRecords {
  /** Every record booked to account `accountId` loses it (the account is deleted). */
  forgetLedgerAccount(tx: Tx, companyId: string, accountId: string): Promise<unknown>;
}

/**
 * What the ledger asks of the areas whose records it books, wired in the
 * composition root (src/compose.ts): those areas import the accounting area,
 * so it never imports them.
 */
export interface LedgerNeeds {
  invoices: BookedRecords & {
    /** Books line `lineIndex` of invoice `id` to account `accountId`. */
    assignLedgerAccount(
      tx: Tx,
      companyId: string,
      id: string,
      lineIndex: number,
      accountId: string,
    ): Promise<unknown>;
  };
  expenses: BookedRecords & {
    /** Books expense `id` to account `accountId`. */
    assignLedgerAccount(tx: Tx, companyId: string, id: string, accountId: string): Promise<unknown>;
  };
  items: BookedRecords;
  recurring: BookedRecords;
}

export function createLedgerService(deps: Pick<AppDeps, 'database' | 'pdf'>, needs: LedgerNeeds) {
  const db = deps.database.db;

  async function companyOf(tx: Tx, companyId: string) {
    const c = await getCompany(tx, companyId);
    if (!c) throw notFound('Company not found');
    return c;
  }

  /** The period of a query (DECISIONS §5), as the invoices list reads it; at most ten years of months. */
  async function period(companyId: string, q: PeriodQuery): Promise<Period> {
    const tz = q.from && q.to ? DEFAULT_TIME_ZONE : (await companyOf(db, companyId)).timeZone;
    let p: Period;
    try {
      p = parsePeriodQuery(q, tz);
    } catch (e) {
      if (e instanceof PeriodError) throw new HttpError(400, e.message, { [e.field]: e.message });
      throw e;
    }
    if (monthsOf(p.from, p.to).length > MAX_STATEMENT_MONTHS)
      throw badField('to', `the period must be at most ${MAX_STATEMENT_MONTHS} months`);
    return p;
  }

  async function accounts(companyId: string): Promise<TLedgerAccount[]> {
    await defaultAccountIds(db, companyId);
    return (await repo.listAccounts(db, companyId)).map(presentAccount);
  }

  async function statement(companyId: string, p: Period): Promise<TIncomeStatement> {
    const out: TIncomeStatement = {};
    for (const m of monthsOf(p.from, p.to)) out[m] = [];
    for (const r of await repo.statementSums(db, companyId, p.from, p.to)) {
      out[r.period]?.push({
        ledgerAccountId: r.ledgerAccountId,
        income: r.income,
        total: toAmount(r.total),
      });
    }
    return out;
  }

  return {
    list: accounts,

    /** Create (no `_id`) or update an account; a change of kind moves its items' income flag. */
    async save(
      companyId: string,
      b: z.output<typeof ZLedgerAccountSave>,
    ): Promise<{ _id: string }> {
      return db.transaction(async (tx) => {
        await defaultAccountIds(tx, companyId);
        if (!b._id) {
          const type = b.type ?? 'revenue';
          const id = await repo.insertAccount(tx, companyId, {
            type,
            name: b.name,
            account: b.account ?? '',
          });
          return { _id: id };
        }
        const existing = isUuid(b._id) ? await repo.findAccount(tx, companyId, b._id) : null;
        if (!existing) throw notFound(ACCOUNT_NOT_FOUND);
        const type = b.type ?? existing.type;
        const income = isIncomeType(type);
        // One default of each kind: the default account may change type only within its kind.
        if (existing.isDefault && income !== existing.income)
          throw badField(
            'type',
            existing.income
              ? 'The default income account must stay an income account'
              : 'The default cost account must stay a cost account',
          );
        // An account that holds items keeps its kind: its expenses would count as income
        // (or its invoice lines as costs). Locked first so no item is added meanwhile.
        await repo.findAccount(tx, companyId, existing.id, 'update');
        if (income !== existing.income && (await repo.accountHasItems(tx, companyId, existing.id)))
          throw badField(
            'type',
            existing.income
              ? 'An account that holds items must stay an income account'
              : 'An account that holds items must stay a cost account',
          );
        await repo.updateAccount(tx, companyId, existing.id, {
          type,
          name: b.name,
          account: b.account ?? existing.account,
        });
        return { _id: existing.id };
      });
    },

    /** Deletes an account: its items move to the default of its kind, ids naming it are cleared. */
    async remove(companyId: string, id: string) {
      if (!isUuid(id)) throw notFound(ACCOUNT_NOT_FOUND);
      return db.transaction(async (tx) => {
        // Locked: a save naming the account (FOR SHARE) or a move waits until it is gone.
        const a = await repo.findAccount(tx, companyId, id, 'update');
        if (!a) throw notFound(ACCOUNT_NOT_FOUND);
        if (a.isDefault) throw badField('id', DEFAULT_ACCOUNT_UNDELETABLE);
        const d = await defaultAccountIds(tx, companyId);
        const to = a.income ? { id: d.income, income: true } : { id: d.cost, income: false };
        await repo.moveAccountItems(tx, companyId, a.id, to);
        await needs.invoices.forgetLedgerAccount(tx, companyId, a.id);
        await needs.items.forgetLedgerAccount(tx, companyId, a.id);
        await needs.expenses.forgetLedgerAccount(tx, companyId, a.id);
        await needs.recurring.forgetLedgerAccount(tx, companyId, a.id);
        if (!(await repo.deleteAccount(tx, companyId, a.id))) throw notFound(ACCOUNT_NOT_FOUND);
        return { message: 'Deleted' };
      });
    },

    async incomeStatement(companyId: string, q: PeriodQuery): Promise<TIncomeStatement> {
      return statement(companyId, await period(companyId, q));
    },

    /** The items of one statement cell: month 'YYYY-MM', account, income flag. */
    async accountItems(
      companyId: string,
      who: Caller,
      ym: string,
      accountId: string,
      income: string,
    ): Promise<TAccountItem[]> {
      // Year 0000 does not exist (PostgreSQL refuses it): 0001-01 is the first month.
      if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(ym) || ym < '0001-01')
        throw badField('period', 'must be a month YYYY-MM');
      if (income !== 'true' && income !== 'false')
        throw badField('income', 'must be true or false');
      if (!isUuid(accountId) || !(await repo.findAccount(db, companyId, accountId)))
        throw notFound(ACCOUNT_NOT_FOUND);
      const rows = await repo.cellItems(db, companyId, {
        ...monthRange(ym),
        accountId: accountId.toLowerCase(),
        income: income === 'true',
      });
      // Expenses are shown only to members who may read them (DECISIONS §2): the
      // others see the cell's invoice lines alone, as the menu hides Expenses.
      const readsExpenses = may(who, 'expenses', 'r');
      return rows.filter((r) => readsExpenses || r.sourceKind !== 'expense').map(presentItem);
    },

    /**
     * Moves one item to another account and writes the choice back on its
     * source (the invoice line's or the expense's `ledgerAccountId`), so the
     * next save of the source keeps it.
     */
    async changeItemAccount(
      companyId: string,
      who: Caller,
      b: { item: string; ledgerAccountId: string },
    ) {
      return db.transaction(async (tx) => {
        const item = isUuid(b.item) ? await repo.findItem(tx, companyId, b.item) : null;
        if (!item) throw notFound(ACCOUNT_ITEM_NOT_FOUND);
        // The move rewrites the invoice line or the expense: it needs the right to update it.
        // A credit note's part moves alone (an issued note is never rewritten): invoices u.
        const area = item.sourceKind === 'expense' ? 'expenses' : 'invoices';
        requireRight(who, area, 'u');
        // The source first, as its writer locks it (then rewrites its items): a move and a
        // save of the same document queue instead of deadlocking. Then the item again: a
        // save meanwhile replaced it (its line may have moved), so nothing is changed.
        const again =
          (item.sourceKind === 'credit' ||
            (await lockSource(tx, companyId, item.sourceKind, item.sourceId))) &&
          (await repo.findItem(tx, companyId, item.id));
        if (!again) throw notFound(ACCOUNT_ITEM_NOT_FOUND);
        const to = isUuid(b.ledgerAccountId)
          ? await repo.findAccount(tx, companyId, b.ledgerAccountId, 'share')
          : null;
        if (!to) throw notFound(ACCOUNT_NOT_FOUND);
        // An expense stays on a cost account, an invoice line on an income account.
        if (to.income !== again.income)
          throw badField(
            'ledgerAccountId',
            again.income ? 'must be an income account' : 'must be a cost account',
          );
        await repo.setItemAccount(tx, companyId, item.id, { id: to.id, income: to.income });
        if (item.sourceKind === 'invoice')
          await needs.invoices.assignLedgerAccount(
            tx,
            companyId,
            item.sourceId,
            item.lineIndex,
            to.id,
          );
        else if (item.sourceKind === 'expense')
          await needs.expenses.assignLedgerAccount(tx, companyId, item.sourceId, to.id);
        return { message: 'Saved' };
      });
    },

    /**
     * The VAT201 figures of the period (docs/accounting.md): output VAT of
     * invoices; input tax is the VAT in the credit notes issued (field 18).
     */
    async vat(companyId: string, q: PeriodQuery): Promise<TVatSummary> {
      const p = await period(companyId, q);
      const per = (await invoicesForVat(db, companyId, p.from, p.to)).map(vatOfDocument);
      const notes = await creditNotesForVat(db, companyId, p.from, p.to);
      const field1 = addAmounts(...per.map((v) => v.standardRated));
      const field2 = addAmounts(...per.map((v) => v.zeroRated));
      const output = addAmounts(...per.map((v) => v.outputVat));
      const field15 = 0;
      const field18 = addAmounts(
        ...notes.map((n) =>
          vatOfCredit(
            { total: toAmount(n.total), tax1: toAmount(n.tax1), tax2: toAmount(n.tax2) },
            n.tax,
          ),
        ),
      );
      const input = addAmounts(field15, field18);
      return {
        from: p.from,
        to: p.to,
        invoices: per.length,
        creditNotes: notes.length,
        outputVat: output,
        inputVat: input,
        difference: subAmounts(output, input),
        fields: {
          field1,
          field2,
          field4: output,
          field13: output,
          field15,
          field18,
          field19: input,
          field20: subAmounts(output, input),
        },
        note:
          'Expenses carry no VAT, so input tax on purchases (field 15) is 0: claim it from your ' +
          'purchase invoices. Field 18 is the VAT in the credit notes issued in the period. ' +
          'Tax 1 is taken as VAT; a deductible tax 1 is not VAT. Zero-rated exports ' +
          '(field 3) and exempt supplies are not told apart.',
      };
    },

    /** The profit and loss report of the period as a PDF. */
    async report(companyId: string, userId: string, q: PeriodQuery) {
      const p = await period(companyId, q);
      const company = await companyOf(db, companyId);
      const html = reportHtml({
        companyName: company.companyName,
        from: p.from,
        to: p.to,
        accounts: await accounts(companyId),
        statement: await statement(companyId, p),
      });
      const pdf = await deps.pdf.print(html, { owner: userId, company: companyId });
      return { fileName: `profit-and-loss-${p.from}-${p.to}.pdf`, pdf };
    },
  };
}
