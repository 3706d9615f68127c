// The clients area's face: what other areas may use (docs/architecture.md).
export {
  clientStatement,
  documentRecipient,
  statementDocument,
  statementPreview,
} from './client-documents-render.js';
export { findClientType } from './client-types.repo.js';
export {
  findClientForCompany,
  findClientIncludingDeleted,
  insertClients as addImportedClients,
  listClientContacts,
  type ClientInsert,
  recomputeOutstanding,
  type ClientRow,
} from './clients.repo.js';
export { createClientsService } from './clients.service.js';
