// The recurring area's face: what other areas may use (docs/architecture.md).
export { listRecurringItems } from './recurring.service.js';
export {
  clearRecurringLedgerAccount as forgetLedgerAccount,
  countRecurringOfType,
  moveRecurringType,
} from './recurring.repo.js';
export { assignRecurringClient } from './recurring.fix.js';
export { recurringFromDocument } from './recurring.from-document.js';
export {
  runDueRecurring,
  startRecurringSchedule,
  type RecurringRunResult,
  type RecurringTimer,
} from './recurring.schedule.js';
