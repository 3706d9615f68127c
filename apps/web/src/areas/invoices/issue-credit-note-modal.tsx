import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Checkbox, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { formatMoney, type TCreditNote, type TInvoice } from '@fieldbook/core';
import { useIssueCreditNote } from '../../api/use-credit-notes';
import { ErrorAlert } from '../../ui/query-state';
import { ModalActions } from '../../ui/modal-actions';
import {
  creditNoteErrors,
  creditNoteToSave,
  creditPreview,
  newCreditNoteValues,
  type CreditNoteValues,
} from './credit-note-values';
import { MoneyInput } from '../../ui/money-input';

interface Props {
  invoice: TInvoice;
  creditedSoFar: number;
  today: string;
  onDone: (note: TCreditNote) => void;
  onClose: () => void;
}

/**
 * Issue credit note: some of the invoice's lines or an amount, a reason and a
 * date; what it credits (and the VAT in it) shows before it is issued.
 */
export function IssueCreditNoteModal({ invoice, creditedSoFar, today, onDone, onClose }: Props) {
  const issue = useIssueCreditNote(invoice._id);
  const [v, setV] = useState<CreditNoteValues>(() => newCreditNoteValues(today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<CreditNoteValues>) => setV((old) => ({ ...old, ...patch }));
  const preview = creditPreview(v, invoice);

  return (
    <Modal opened onClose={onClose} title="Issue credit note" centered closeOnClickOutside={false}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          e.stopPropagation();
          const found = creditNoteErrors(v, invoice, creditedSoFar);
          setErrors(found);
          if (Object.keys(found).length > 0) return;
          issue.mutate(creditNoteToSave(v), { onSuccess: onDone });
        }}
      >
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Credit"
            data={[
              { value: 'lines', label: 'Lines' },
              { value: 'amount', label: 'An amount' },
            ]}
            value={v.kind}
            onChange={(k) => set({ kind: k as CreditNoteValues['kind'] })}
          />
          {v.kind === 'lines' ? (
            <Checkbox.Group
              label="Lines to credit"
              value={v.lines.map(String)}
              error={errors.lines}
              onChange={(ls) => set({ lines: ls.map(Number) })}
            >
              <Stack gap={6} mt={4}>
                {invoice.descriptions.map((l, i) => (
                  <Checkbox
                    key={i}
                    value={String(i)}
                    label={`${l.description} (${l.qty ?? 1} × ${formatMoney(l.price ?? 0)})`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <MoneyInput
              label="Amount"
              description="As the client pays it, VAT included"
              value={v.amount}
              error={errors.amount}
              onChange={(n) => set({ amount: n })}
            />
          )}
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={500}
            value={v.reason}
            error={errors.reason}
            onChange={(e) => set({ reason: e.currentTarget.value })}
          />
          <DateInput
            label="Date"
            valueFormat="YYYY-MM-DD"
            value={v.date}
            onChange={(d) => set({ date: d })}
          />
          <Text data-testid="credit-preview" fw={600}>
            {preview
              ? `Credits ${formatMoney(preview.total)}${
                  preview.tax1 ? `, of which VAT ${formatMoney(preview.tax1)}` : ''
                }`
              : 'Pick what to credit'}
          </Text>
          <ErrorAlert error={issue.error} title="Not issued" />
          <ModalActions onCancel={onClose} saving={issue.isPending} saveLabel="Issue" gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
