import {
  allocateLineAmounts,
  amountText,
  creditLineAmounts,
  type CreditValue,
  type TDiscount,
  type TLine,
  type TTax,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { isUuid } from '../../platform/access.js';
import { badField } from '../../platform/errors.js';
import * as repo from './ledger.repo.js';

/**
 * Account items kept in step with their sources (docs/accounting.md): the
 * invoice writer, invoice delete, expense save and delete call these inside
 * their own transaction, so an item never outlives or lags its source.
 */

/** What an invoice's items are made from. */
export interface InvoiceForItems {
  id: string;
  isQuote: boolean;
  invoiceDate: string;
  invoiceNumber: string | null;
  descriptions: TLine[];
  discount: TDiscount;
  tax: TTax;
}

/** What a credit note's items are made from: the note and the invoice it corrects. */
export interface CreditForItems extends CreditValue {
  id: string;
  noteDate: string;
  number: string;
  /** The places of the invoice's lines credited; null for a credit of an amount. */
  lineIndexes: number[] | null;
  invoice: Omit<InvoiceForItems, 'isQuote' | 'invoiceDate' | 'invoiceNumber'>;
}

/** What an expense's item is made from. */
export interface ExpenseForItems {
  id: string;
  expenseDate: string;
  expenseNumber: string;
  description: string;
  price: string | number;
  ledgerAccountId: string | null;
}

/** The company's default account ids, made on first use. */
export async function defaultAccountIds(tx: Tx, companyId: string) {
  let d = await repo.defaultAccounts(tx, companyId);
  if (!d.income || !d.cost) {
    await repo.insertDefaults(tx, companyId);
    d = await repo.defaultAccounts(tx, companyId);
  }
  if (!d.income || !d.cost) throw new Error('default ledger accounts missing');
  return { income: d.income, cost: d.cost };
}

/**
 * A reference to check: `income` says which kind of account it must name
 * (true: income, false: cost; DECISIONS: an expense on an income account
 * would count as income). Ids are compared in lower case.
 */
export interface AccountRef {
  field: string;
  id: string | null | undefined;
  income?: boolean;
}

/**
 * Every given id must name an account of the company (400 naming `field`)
 * of the kind asked for. The accounts are read FOR SHARE: inside the saving
 * transaction a concurrent delete of one of them waits for the save (or the
 * save for the delete), so no item is written for a deleted account.
 */
export async function checkLedgerAccounts(
  tx: Tx,
  companyId: string,
  refs: AccountRef[],
): Promise<void> {
  const given = refs.filter((r): r is AccountRef & { id: string } => !!r.id);
  const bad = (field: string) => badField(field, 'is not an account of this company');
  const shape = given.find((r) => !isUuid(r.id));
  if (shape) throw bad(shape.field);
  const known = await repo.accountsOfCompany(tx, companyId, [
    ...new Set(given.map((r) => r.id.toLowerCase())),
  ]);
  const missing = given.find((r) => !known.has(r.id.toLowerCase()));
  if (missing) throw bad(missing.field);
  const wrong = given.find(
    (r) => r.income !== undefined && known.get(r.id.toLowerCase()) !== r.income,
  );
  if (wrong)
    throw badField(
      wrong.field,
      wrong.income ? 'must be an income account' : 'must be a cost account',
    );
}

/**
 * The lines with every `ledgerAccountId` that names no account of the company
 * dropped: for writers whose lines were not checked against the ledger (a
 * job's lines, a recurring item's lines saved before an account was deleted),
 * so the document is still made and counts on the next rule.
 */
export async function withKnownLedgerAccounts<L extends { ledgerAccountId?: string | null }>(
  tx: Tx,
  companyId: string,
  lines: L[],
): Promise<L[]> {
  return withLineAccounts(tx, companyId, lines, null, true);
}

/**
 * The lines of a save with their `ledgerAccountId`s in lower case (the clears
 * and the items compare them so) and checked: an id that was already on the
 * stored lines (`stored`) but names no income account any more is dropped,
 * as `checkLineItemIds` does for item ids, so a document saved before its
 * account was deleted can still be saved; any other bad id is a 400
 * (`dropAll`: every unknown id is dropped, for unchecked writers).
 */
export async function withLineAccounts<L extends { ledgerAccountId?: string | null }>(
  tx: Tx,
  companyId: string,
  lines: L[],
  stored: readonly { ledgerAccountId?: string | null }[] | null | undefined,
  dropAll = false,
): Promise<L[]> {
  const lower = lines.map((l) =>
    typeof l.ledgerAccountId === 'string' && isUuid(l.ledgerAccountId)
      ? { ...l, ledgerAccountId: l.ledgerAccountId.toLowerCase() }
      : l,
  );
  const was = new Set((stored ?? []).map((l) => uuidOrNull(l.ledgerAccountId)).filter(isId));
  const ids = [...new Set(lower.map((l) => uuidOrNull(l.ledgerAccountId)).filter(isId))];
  const known = await repo.accountsOfCompany(tx, companyId, ids);
  const out = lower.map((l) => {
    const id = uuidOrNull(l.ledgerAccountId);
    const stale = (dropAll && !!l.ledgerAccountId) || (id !== null && was.has(id));
    return stale && (id === null || known.get(id) !== true) ? { ...l, ledgerAccountId: null } : l;
  });
  await checkLedgerAccounts(
    tx,
    companyId,
    out.map((l, i) => ({
      field: `descriptions.${i}.ledgerAccountId`,
      id: l.ledgerAccountId,
      income: true,
    })),
  );
  return out;
}

/**
 * Takes the share locks of the accounts the lines name, before the writer
 * locks its document: an account delete (account, then the documents naming
 * it) and a save (document, then its accounts) would otherwise deadlock.
 */
export async function shareLineAccounts(
  tx: Tx,
  companyId: string,
  lines: readonly { ledgerAccountId?: string | null }[],
): Promise<void> {
  const ids = [...new Set(lines.map((l) => uuidOrNull(l.ledgerAccountId)).filter(isId))];
  await repo.accountsOfCompany(tx, companyId, ids.sort());
}

/** One id that must name an account of the company (400 naming `field` otherwise). */
export function checkLedgerAccount(
  tx: Tx,
  companyId: string,
  field: string,
  id: string | null | undefined,
  income?: boolean,
) {
  return checkLedgerAccounts(tx, companyId, [{ field, id, income }]);
}

export async function removeSourceItems(
  tx: Tx,
  companyId: string,
  kind: 'invoice' | 'expense' | 'credit',
  sourceId: string,
): Promise<void> {
  await repo.deleteSourceItems(tx, companyId, kind, sourceId);
}

const uuidOrNull = (id: string | null | undefined) => (id && isUuid(id) ? id.toLowerCase() : null);

/**
 * Rebuilds an invoice's items: one per line, none for a quote. A line counts
 * on its own account, else its saved item's, else the default income account;
 * an id that names no income account of the company (never stored by a
 * checked save) falls through to the next rule rather than failing. `insertOnly` leaves the
 * existing items (the backfill).
 */
export async function syncInvoiceItems(
  tx: Tx,
  companyId: string,
  inv: InvoiceForItems,
  opts: { insertOnly?: boolean } = {},
): Promise<void> {
  if (!opts.insertOnly) await repo.deleteSourceItems(tx, companyId, 'invoice', inv.id);
  if (inv.isQuote || inv.descriptions.length === 0) return;
  const defaults = await defaultAccountIds(tx, companyId);
  const itemIds = [...new Set(inv.descriptions.map((l) => uuidOrNull(l.itemId)).filter(isId))];
  const ofItem = await repo.itemAccounts(tx, companyId, itemIds);
  const candidates = inv.descriptions.flatMap((l) => {
    const itemId = uuidOrNull(l.itemId);
    return [uuidOrNull(l.ledgerAccountId), itemId ? (ofItem.get(itemId) ?? null) : null];
  });
  const known = await repo.accountsOfCompany(tx, companyId, [
    ...new Set([...candidates.filter(isId), defaults.income]),
  ]);
  const amounts = allocateLineAmounts(inv);
  const rows = inv.descriptions.map((l, i): repo.AccountItemValues => {
    const own = candidates[2 * i];
    const fromItem = candidates[2 * i + 1];
    // Only an income account: a saved item's account that became a cost account since
    // (no item of its own held it then) must not turn the line into a cost.
    const account = [own, fromItem].find((a) => a && known.get(a) === true) ?? defaults.income;
    return {
      ledgerAccountId: account,
      income: true,
      sourceKind: 'invoice',
      sourceId: inv.id,
      lineIndex: i,
      date: inv.invoiceDate,
      number: inv.invoiceNumber ?? '',
      description: l.description,
      qty: String(l.qty ?? 1),
      price: amountText(l.price),
      amount: amountText(amounts[i] ?? 0),
    };
  });
  await repo.insertItems(tx, companyId, rows);
}

const isId = (x: string | null | undefined): x is string => !!x;

/**
 * Makes a credit note's items (docs/accounting.md, "Credit notes"): its
 * revenue shared over the invoice's lines by core `creditLineAmounts`, each
 * part booked negative on the account the line counts on now, on the note's
 * date. An issued note never changes, so its items are made once;
 * `insertOnly` is the backfill's rerun guard.
 */
export async function syncCreditItems(
  tx: Tx,
  companyId: string,
  note: CreditForItems,
  opts: { insertOnly?: boolean } = {},
): Promise<void> {
  if (!opts.insertOnly) await repo.deleteSourceItems(tx, companyId, 'credit', note.id);
  const parts = creditLineAmounts(
    {
      descriptions: note.invoice.descriptions,
      discount: note.invoice.discount,
      tax: note.invoice.tax,
    },
    note,
    note.lineIndexes ?? undefined,
  );
  const onLine = await repo.invoiceLineAccounts(tx, companyId, note.invoice.id);
  const defaults = parts.some((p, i) => p !== 0 && !onLine.has(i))
    ? await defaultAccountIds(tx, companyId)
    : null;
  const rows = parts.flatMap((part, i): repo.AccountItemValues[] => {
    if (part === 0) return [];
    const l = note.invoice.descriptions[i]!;
    return [
      {
        ledgerAccountId: onLine.get(i) ?? defaults!.income,
        income: true,
        sourceKind: 'credit',
        sourceId: note.id,
        lineIndex: i,
        date: note.noteDate,
        number: note.number,
        description: l.description,
        qty: String(l.qty ?? 1),
        price: amountText(l.price),
        amount: amountText(-part),
      },
    ];
  });
  await repo.insertItems(tx, companyId, rows);
}

/** Rebuilds an expense's item: its cost account, else the default cost account; amount = its price. */
export async function syncExpenseItems(
  tx: Tx,
  companyId: string,
  e: ExpenseForItems,
  opts: { insertOnly?: boolean } = {},
): Promise<void> {
  if (!opts.insertOnly) await repo.deleteSourceItems(tx, companyId, 'expense', e.id);
  const defaults = await defaultAccountIds(tx, companyId);
  const own = uuidOrNull(e.ledgerAccountId);
  const known = await repo.accountsOfCompany(
    tx,
    companyId,
    own ? [own, defaults.cost] : [defaults.cost],
  );
  // Only a cost account: an expense never counts as income, whatever its id names now.
  const account = own && known.get(own) === false ? own : defaults.cost;
  await repo.insertItems(tx, companyId, [
    {
      ledgerAccountId: account,
      income: false,
      sourceKind: 'expense',
      sourceId: e.id,
      lineIndex: 0,
      date: e.expenseDate,
      number: e.expenseNumber,
      description: e.description,
      qty: '1',
      price: amountText(e.price),
      amount: amountText(e.price),
    },
  ]);
}

/**
 * The codes of the company's accounts by id, and the default income and cost
 * accounts' codes (what a line or expense without an account of its own is booked to):
 * for files written outside the account items, such as the recurring
 * invoices' accounting-package CSV.
 */
export async function ledgerAccountCodes(
  tx: Tx,
  companyId: string,
): Promise<{ byId: Map<string, string>; income: string; cost: string }> {
  const defaults = await defaultAccountIds(tx, companyId);
  const all = await repo.listAccounts(tx, companyId);
  const byId = new Map(all.map((a) => [a.id, a.account]));
  return { byId, income: byId.get(defaults.income) ?? '', cost: byId.get(defaults.cost) ?? '' };
}
