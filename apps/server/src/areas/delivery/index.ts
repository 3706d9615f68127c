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
export { INVOICE_EMAIL, STATEMENT_EMAIL } from './delivery.queue.js';
