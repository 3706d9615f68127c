import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { PAYMENT_METHODS, formatMoney, type TInvoicePayments } from '@fieldbook/core';
import { useRecordPayment } from '../../api/use-invoice-payments';
import { ErrorAlert } from '../../ui/query-state';
import { ModalActions } from '../../ui/modal-actions';
import {
  newPaymentValues,
  paymentErrors,
  paymentToSave,
  type PaymentValues,
} from './payment-values';
import { MoneyInput } from '../../ui/money-input';

interface Props {
  invoiceId: string;
  balance: number;
  today: string;
  onDone: (after: TInvoicePayments) => void;
  onClose: () => void;
}

/** Record payment: an amount up to the balance, its date, method, reference and note. */
export function RecordPaymentModal({ invoiceId, balance, today, onDone, onClose }: Props) {
  const record = useRecordPayment(invoiceId);
  const [v, setV] = useState<PaymentValues>(() => newPaymentValues(balance, today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<PaymentValues>) => setV((old) => ({ ...old, ...patch }));

  return (
    <Modal opened onClose={onClose} title="Record payment" centered closeOnClickOutside={false}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          const found = paymentErrors(v, balance);
          setErrors(found);
          if (Object.keys(found).length > 0) return;
          record.mutate(paymentToSave(v), { onSuccess: onDone });
        }}
      >
        <Stack gap="sm">
          <MoneyInput
            label="Amount"
            description={`Balance ${formatMoney(balance)}`}
            data-autofocus
            value={v.amount}
            error={errors.amount}
            onChange={(n) => set({ amount: n })}
          />
          <DateInput
            label="Payment Date"
            valueFormat="YYYY-MM-DD"
            value={v.datePaid}
            error={errors.datePaid}
            onChange={(d) => set({ datePaid: d })}
          />
          <Select
            label="Payment Method"
            placeholder="Choose a method"
            data={PAYMENT_METHODS.filter((m) => m !== 'PayFast')}
            clearable
            value={v.method || null}
            onChange={(m) => set({ method: m ?? '' })}
          />
          <TextInput
            label="Reference"
            maxLength={100}
            value={v.reference}
            error={errors.reference}
            onChange={(e) => set({ reference: e.currentTarget.value })}
          />
          <Textarea
            label="Note"
            autosize
            minRows={2}
            maxLength={500}
            value={v.note}
            error={errors.note}
            onChange={(e) => set({ note: e.currentTarget.value })}
          />
          <ErrorAlert error={record.error} title="Not recorded" />
          <ModalActions onCancel={onClose} saving={record.isPending} saveLabel="Record" gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
