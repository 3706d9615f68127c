import { toAmount, type TAccountItem, type TLedgerAccount } from '@fieldbook/core';
import type { AccountItemRow, LedgerAccountRow } from './ledger.repo.js';

export function presentAccount(a: LedgerAccountRow): TLedgerAccount {
  return {
    _id: a.id,
    type: a.type,
    income: a.income,
    name: a.name,
    account: a.account,
    isDefault: a.isDefault,
  };
}

export function presentItem(i: AccountItemRow & { creditInvoiceId?: string | null }): TAccountItem {
  const invoice = i.sourceKind !== 'expense';
  return {
    _id: i.id,
    ledgerAccountId: i.ledgerAccountId,
    income: i.income,
    sourceKind: i.sourceKind,
    sourceId: i.sourceId,
    invoiceId:
      i.sourceKind === 'invoice'
        ? i.sourceId
        : i.sourceKind === 'credit'
          ? (i.creditInvoiceId ?? null)
          : null,
    invoiceDate: invoice ? i.date : null,
    invoiceNumber: invoice ? i.number : null,
    expenseDate: invoice ? null : i.date,
    description: i.description,
    qty: Number(i.qty),
    price: toAmount(i.price),
    amount: toAmount(i.amount),
  };
}
