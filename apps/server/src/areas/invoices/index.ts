// The invoices area's face: what other areas may use (docs/architecture.md).
export { writeInvoice } from './invoice-writer.js';
export { assignInvoiceClient, markInvoiceSent } from './invoice-changes.js';
export { settleInvoices as applyPayments } from './invoice-payments.js';
export {
  claimQueuedSend,
  claimSendByHand,
  releaseSend,
  markQueued as markInvoicesQueued,
  markSendFailed as markInvoiceSendFailed,
} from './invoice-changes.repo.js';
export { presentInvoice } from './invoices.present.js';
export { depositFigures } from './invoice-deposit.js';
export { answerQuote } from './quote-responses.js';
export { quoteVersion } from './quote-lock.js';
export { invoiceDocument, invoicePreview } from './invoice-document.js';
export { creditNoteDocument } from './credit-note-document.js';
export {
  clearLinesLedgerAccount as forgetLedgerAccount,
  findInvoice,
  setLineLedgerAccount as assignLedgerAccount,
  type InvoiceRow,
} from './invoices.repo.js';
export { allocateNumber } from './invoice-numbers.js';
export {
  creditNotesForExport,
  invoicesForExport,
  payPeriodInvoices,
  resolveInvoices,
} from './invoice-period.js';
export { checkLineItemIds, withLiveItemIds } from './invoice-lines.js';
export type { InvoiceInput, WriterCompany } from './invoice-writer.js';
