// The templates area's face: what other areas may use (docs/architecture.md).
export {
  invoiceDocument,
  publicInvoiceUrl,
  statementDocument,
  type DocumentDeps,
} from './documents.js';
export { jobDocument, type JobDocumentSource } from './job-document.js';
export { templateUsable } from './template-usable.repo.js';
