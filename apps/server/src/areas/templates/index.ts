// The templates area's face: what other areas may use (docs/architecture.md).
export {
  invoiceDocument,
  publicInvoiceUrl,
  statementDocument,
  type DocumentDeps,
} from './documents.js';
export { templateUsable } from './template-usable.repo.js';
export { jobTemplateDocument, type JobContext } from './job-documents.js';
