import '@mantine/dates/styles.css';
import { useState } from 'react';
import {
  ActionIcon,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { PAYMENT_METHODS, formatMoney, type TCreditNote } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useRefunds } from '../../api/use-credit-notes';
import { confirmDelete } from '../../ui/confirm';
import { ModalActions } from '../../ui/modal-actions';
import { ErrorAlert } from '../../ui/query-state';
import { KeepCreditForm } from './keep-credit-form';
import {
  newRefundValues,
  refundErrors,
  refundToSave,
  stillOwed,
  type RefundValues,
} from './refund-values';
import { MoneyInput } from '../../ui/money-input';

interface Props {
  note: TCreditNote;
  today: string;
  /** The member may record and remove refunds (invoices u). */
  canEdit: boolean;
  onClose: () => void;
}

/**
 * Refunds of a credit note (docs/payments.md "Refunds"): what was paid back
 * so far, each removable, and Record refund for what the note still owes the
 * client.
 */
export function RefundModal({ note, today, canEdit, onClose }: Props) {
  const { record, remove } = useRefunds(note._id);
  // The note as the last answer left it (the list behind refreshes too).
  const [current, setCurrent] = useState(note);
  const owed = stillOwed(current);
  const [v, setV] = useState<RefundValues>(() => newRefundValues(owed, today));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<RefundValues>) => setV((old) => ({ ...old, ...patch }));
  const [mode, setMode] = useState<'back' | 'keep'>('back');

  const removeIt = (id: string, amount: number) =>
    confirmDelete(
      () =>
        remove.mutate(id, {
          onSuccess: (after) => {
            setCurrent(after);
            set({ amount: stillOwed(after) });
            notifications.show({
              color: 'green',
              message: `Refund of ${formatMoney(amount)} removed`,
            });
          },
          onError: (e) =>
            notifications.show({ color: 'red', title: 'Not removed', message: errorMessage(e) }),
        }),
      'Are you sure you want to remove this refund?',
    );

  return (
    <Modal
      opened
      onClose={onClose}
      title={`Refunds of credit note ${note.number}`}
      centered
      closeOnClickOutside={false}
    >
      <Stack gap="sm">
        <Text size="sm">
          The note owed the client {formatMoney(current.excess)} above the invoice&apos;s balance;{' '}
          {formatMoney(owed)} of it is still owed.
        </Text>
        {current.refunds.length > 0 && (
          <Stack gap={4} role="list" aria-label="Refunds">
            {current.refunds.map((r) => (
              <Group key={r._id} justify="space-between" wrap="nowrap" role="listitem">
                <Text size="sm">
                  {r.date} · {formatMoney(r.amount)}
                  {r.invoiceId
                    ? ` · kept for invoice ${r.invoiceNumber}`
                    : `${r.method ? ` · ${r.method}` : ''}${r.reference ? ` · ${r.reference}` : ''}`}
                </Text>
                {canEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove the refund of ${formatMoney(r.amount)} on ${r.date}`}
                    loading={remove.isPending && remove.variables === r._id}
                    onClick={() => removeIt(r._id, r.amount)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {canEdit && owed > 0 && (
          <SegmentedControl
            aria-label="What happens to it"
            fullWidth
            data={[
              { value: 'back', label: 'Pay it back' },
              { value: 'keep', label: 'Keep for an invoice' },
            ]}
            value={mode}
            onChange={(m) => setMode(m as 'back' | 'keep')}
          />
        )}
        {canEdit && owed > 0 && mode === 'keep' && (
          <KeepCreditForm
            note={current}
            owed={owed}
            today={today}
            onCancel={onClose}
            onDone={(_after, amount, invoiceNumber) => {
              notifications.show({
                color: 'green',
                message: `${formatMoney(amount)} kept for invoice ${invoiceNumber}`,
              });
              onClose();
            }}
          />
        )}
        {canEdit && owed > 0 && mode === 'back' && (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              e.stopPropagation();
              const found = refundErrors(v, owed);
              setErrors(found);
              if (Object.keys(found).length > 0) return;
              record.mutate(refundToSave(v), {
                onSuccess: (after) => {
                  notifications.show({
                    color: 'green',
                    message: `Refund of ${formatMoney(refundToSave(v).amount)} recorded`,
                  });
                  setCurrent(after);
                  onClose();
                },
              });
            }}
          >
            <Stack gap="sm">
              <MoneyInput
                label="Amount"
                description={`Still owed ${formatMoney(owed)}`}
                data-autofocus
                value={v.amount}
                error={errors.amount}
                onChange={(n) => set({ amount: n })}
              />
              <DateInput
                label="Refund Date"
                valueFormat="YYYY-MM-DD"
                value={v.date}
                error={errors.date}
                onChange={(d) => set({ date: d })}
              />
              <Select
                label="Method"
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
              <ErrorAlert error={record.error} title="Not recorded" />
              <ModalActions
                onCancel={onClose}
                saving={record.isPending}
                saveLabel="Record refund"
                gap="sm"
              />
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
