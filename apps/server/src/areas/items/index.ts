// The items (price list) area's face: what other areas may use (docs/architecture.md).
export { clearLedgerAccount as forgetLedgerAccount, itemIdsOfCompany } from './items.repo.js';
export { rememberItem, rememberPrice } from './items-remember.js';
