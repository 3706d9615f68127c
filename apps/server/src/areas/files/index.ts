// The files area's face: what other areas may use (docs/architecture.md).
export { companyFileIds, deleteFile, insertFile, unsafeGetTemplateImage } from './files.repo.js';
