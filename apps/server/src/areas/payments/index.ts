// The payments area's face: the only code that writes the payments table and
// applies a payment to an invoice (docs/architecture.md).
export { assignPayment } from './payment-fix.js';
export { PAYFAST_METHOD, applyPayment, keepOnlinePayments, paidState } from './payment-apply.js';
export {
  hasOnlinePayments,
  insertPaymentOnce,
  lockInvoice as lockPayableInvoice,
} from './payments.repo.js';
