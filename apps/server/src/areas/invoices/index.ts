// The invoices area's face: what other areas may use (docs/architecture.md).
export { writeInvoice } from './invoice-writer.js';
export { presentInvoice } from './invoices.present.js';
export {
  clearLinesLedgerAccount,
  findInvoice,
  setLineLedgerAccount,
  type InvoiceRow,
} from './invoices.repo.js';
export { allocateNumber } from './invoice-numbers.js';
export { invoicesForExport, payPeriodInvoices, resolveInvoices } from './invoice-period.js';
export { checkLineItemIds, withLiveItemIds } from './invoice-lines.js';
export type { InvoiceInput, WriterCompany } from './invoice-writer.js';
