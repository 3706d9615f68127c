// The templates area's face: what other areas may use (docs/architecture.md).
// Templates render what they are given: the owning areas gather the records.
export {
  publicInvoiceUrl,
  renderInvoiceDocument,
  renderStatementDocument,
  invoicePreviewContext,
  statementPreviewContext,
  type DocumentDeps,
  type InvoiceDocumentParts,
  type PreviewRecords,
  type RenderedDocument,
  type StatementDocumentParts,
} from './documents.js';
export type { DocumentClient } from './context.js';
export { renderCreditNoteDocument, type CreditNoteDocumentParts } from './credit-note-document.js';
export { jobDocument, type JobDocumentSource } from './job-document.js';
export { templateUsable } from './template-usable.repo.js';
