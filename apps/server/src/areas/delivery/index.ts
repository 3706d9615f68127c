// The delivery area's face: what other areas may use (docs/architecture.md).
export {
  countSends,
  nextHourSpread,
  sendWithinLimit,
  takePlaceOrWait,
  takeSendPlace,
} from './send-limit.js';
export { pdfAttachment, sendAsCompany, withLink } from './company-mail.js';
export {
  LINK_LABEL,
  NoRecipientError,
  mailInvoice,
  recipientsOf,
  type InvoiceMailExtras,
  type MailDeps,
} from './document-mail.js';
export {
  markQueued as markInvoicesQueued,
  markSendFailed as markInvoiceSendFailed,
  markSent as markInvoiceSent,
} from './delivery.repo.js';
export { INVOICE_EMAIL, STATEMENT_EMAIL } from './delivery.jobs.js';
