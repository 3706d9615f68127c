// The items (price list) area's face: what other areas may use (docs/architecture.md).
export {
  findItemByCodeAndDescription,
  insertItem,
  itemIdsOfCompany,
  setItemOverride,
} from './items.repo.js';
