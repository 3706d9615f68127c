// The items (price list) area's face: what other areas may use (docs/architecture.md).
export {
  clearLedgerAccount as clearItemsLedgerAccount,
  findItemByCodeAndDescription,
  insertItem,
  itemIdsOfCompany,
  setItemOverride,
} from './items.repo.js';
