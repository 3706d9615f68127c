import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Modal, Select, Stack, Switch, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { PAYMENT_METHODS } from '@fieldbook/core';
import { ErrorAlert } from '../../ui/query-state';
import { ModalActions } from '../../ui/modal-actions';
import type { InvoiceValues } from './invoice-form';
import { MoneyInput } from '../../ui/money-input';

export type PayValues = Pick<
  InvoiceValues,
  'paid' | 'amountPaid' | 'datePaid' | 'methodPaid' | 'notes'
>;

interface PayModalProps {
  /** The document's payment fields when the modal opens. */
  initial: PayValues;
  total: number;
  today: string;
  saving: boolean;
  error: unknown;
  onSave: (v: PayValues) => void;
  onClose: () => void;
}

/**
 * Paid, amount paid, payment date, method and notes. Ticking Paid sets the
 * amount to the total and the date to today; unticking clears both (spec §4).
 */
export function PayModal({ initial, total, today, saving, error, onSave, onClose }: PayModalProps) {
  // Opening it on an unpaid invoice means "mark as paid": start ticked.
  const [v, setV] = useState<PayValues>(() =>
    initial.paid ? initial : { ...initial, paid: true, amountPaid: total, datePaid: today },
  );
  const set = (patch: Partial<PayValues>) => setV((old) => ({ ...old, ...patch }));
  const methods = [...PAYMENT_METHODS] as string[];
  if (v.methodPaid && !methods.includes(v.methodPaid)) methods.push(v.methodPaid);

  return (
    <Modal opened onClose={onClose} title="Payment" centered closeOnClickOutside={false}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          // React bubbles the submit through the portal to the editor's own form.
          e.stopPropagation();
          onSave(v);
        }}
      >
        <Stack gap="sm">
          <Switch
            label="Paid"
            checked={v.paid}
            onChange={(e) =>
              e.currentTarget.checked
                ? set({ paid: true, amountPaid: total, datePaid: today })
                : set({ paid: false, amountPaid: 0, datePaid: null })
            }
          />
          <MoneyInput
            label="Amount Paid"
            disabled={!v.paid}
            value={v.amountPaid}
            onChange={(n) => set({ amountPaid: n })}
          />
          <DateInput
            label="Payment Date"
            valueFormat="YYYY-MM-DD"
            disabled={!v.paid}
            value={v.datePaid}
            onChange={(d) => set({ datePaid: d })}
          />
          <Select
            label="Payment Method"
            placeholder="Choose a method"
            data={methods}
            clearable
            value={v.methodPaid || null}
            onChange={(m) => set({ methodPaid: m ?? '' })}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            value={v.notes}
            onChange={(e) => set({ notes: e.currentTarget.value })}
          />
          <ErrorAlert error={error} />
          <ModalActions onCancel={onClose} saving={saving} gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
