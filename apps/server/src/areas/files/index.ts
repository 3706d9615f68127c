// The files area's face: what other areas may use (docs/architecture.md).
export {
  companyFileIds,
  deleteCompanyFile,
  deleteUserFile,
  unsafeGetTemplateImage,
  type NewFile,
} from './files.repo.js';
export { storeFile, storageFullMessage } from './files.store.js';
