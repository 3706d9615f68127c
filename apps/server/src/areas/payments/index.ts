// The payments area's face: the only code that writes the payments table; it
// reports what a payment pays and the invoices area applies it (docs/architecture.md,
// docs/payments.md).
export { assignPayment, type PaymentToApply } from './payment-fix.js';
export { PAYFAST_METHOD, paidState } from './payment-apply.js';
export {
  addHandPayment,
  isOnline,
  payBalances,
  paymentsOfInvoice,
  paymentsOfInvoices,
  removeHandPayment,
  removeHandPayments,
  setSinglePayment,
  type InvoicePaymentRow,
} from './payment-ledger.js';
export {
  hasOnlinePayments,
  insertPaymentOnce,
  lockInvoice as lockPayableInvoice,
} from './payments.repo.js';
