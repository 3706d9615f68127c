// The expenses area's face: what other areas may use (docs/architecture.md).
export { clearExpensesLedgerAccount, setExpenseLedgerAccount } from './expenses.repo.js';
export { listExpenses } from './expenses.repo.js';
