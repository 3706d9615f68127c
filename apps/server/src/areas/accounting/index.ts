// The accounting area's face: what other areas may use (docs/architecture.md, docs/accounting.md).
export {
  checkLedgerAccount,
  checkLedgerAccounts,
  defaultAccountIds,
  ledgerAccountCodes,
  removeSourceItems,
  syncCreditItems,
  syncExpenseItems,
  syncInvoiceItems,
  withKnownLedgerAccounts,
  withLineAccounts,
  shareLineAccounts,
  type AccountRef,
  type CreditForItems,
  type ExpenseForItems,
  type InvoiceForItems,
} from './ledger-sync.js';
export { backfillAccountItems } from './ledger-backfill.js';
