// The expenses area's face: what other areas may use (docs/architecture.md).
export {
  clearExpensesLedgerAccount as forgetLedgerAccount,
  findSupplier,
  listExpenses,
  setExpenseLedgerAccount as assignLedgerAccount,
} from './expenses.repo.js';
export { writeExpense, type ExpenseCompany, type ExpenseInput } from './expense-writer.js';
export { readPrice } from './expenses.input.js';
