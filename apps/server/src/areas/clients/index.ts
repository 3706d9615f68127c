// The clients area's face: what other areas may use (docs/architecture.md).
export { attachment } from './client-documents.js';
export { findClientType } from './client-types.repo.js';
export {
  findClientForCompany,
  findClientIncludingDeleted,
  recomputeOutstanding,
  type ClientRow,
} from './clients.repo.js';
export { createClientsService } from './clients.service.js';
