import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { formatMoney, type TCreditNote } from '@fieldbook/core';
import { useOpenInvoices, useRefunds } from '../../api/use-credit-notes';
import { ModalActions } from '../../ui/modal-actions';
import { ErrorAlert, QueryState } from '../../ui/query-state';
import { keepErrors, typedAmount } from './refund-values';
import { MoneyInput } from '../../ui/money-input';

interface Props {
  note: TCreditNote;
  owed: number;
  today: string;
  onDone: (after: TCreditNote, amount: number, invoiceNumber: string) => void;
  onCancel: () => void;
}

/**
 * Keep for an invoice (docs/payments.md "Refunds"): what the note owes the
 * client pays a later invoice of theirs instead of going back: the invoice
 * (its balance beside it), the amount (all that can go to start with) and
 * the day.
 */
export function KeepCreditForm({ note, owed, today, onDone, onCancel }: Props) {
  const { apply } = useRefunds(note._id);
  const open = useOpenInvoices(note._id, true);
  const [invoiceId, setInvoiceId] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | string>('');
  const [date, setDate] = useState<string | null>(today);
  const [errors, setErrors] = useState<Record<string, string>>({});

  return (
    <QueryState query={open}>
      {(list) =>
        list.length === 0 ? (
          <Text size="sm" c="dimmed">
            The client has no invoice with something left to pay.
          </Text>
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              e.stopPropagation();
              const found = keepErrors({ invoiceId, amount }, owed, list);
              setErrors(found);
              const picked = list.find((i) => i._id === invoiceId);
              if (Object.keys(found).length > 0 || !picked) return;
              const n = typedAmount(amount);
              apply.mutate(
                { invoiceId: picked._id, amount: n, ...(date ? { date } : {}) },
                { onSuccess: (after) => onDone(after, n, picked.invoiceNumber) },
              );
            }}
          >
            <Stack gap="sm">
              <Select
                label="Invoice"
                placeholder="Choose an invoice"
                data={list.map((i) => ({
                  value: i._id,
                  label: `${i.invoiceNumber} · ${i.invoiceDate} · balance ${formatMoney(i.balance)}`,
                }))}
                value={invoiceId}
                error={errors.invoiceId}
                onChange={(id) => {
                  setInvoiceId(id);
                  const picked = list.find((i) => i._id === id);
                  if (picked) setAmount(Math.min(owed, picked.balance));
                }}
              />
              <MoneyInput
                label="Amount"
                description={`Still owed ${formatMoney(owed)}`}
                value={amount}
                error={errors.amount}
                onChange={setAmount}
              />
              <DateInput label="Date" valueFormat="YYYY-MM-DD" value={date} onChange={setDate} />
              <ErrorAlert error={apply.error} title="Not kept" />
              <ModalActions
                onCancel={onCancel}
                saving={apply.isPending}
                saveLabel="Keep for the invoice"
                gap="sm"
              />
            </Stack>
          </form>
        )
      }
    </QueryState>
  );
}
