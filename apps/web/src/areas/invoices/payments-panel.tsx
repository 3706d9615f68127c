import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { formatMoney, type TInvoicePayments, type TPaymentRow } from '@fieldbook/core';
import { useInvoicePayments, useRemovePayment } from '../../api/use-invoice-payments';
import { confirmDelete } from '../../ui/confirm';
import { errorMessage } from '../../api/api-client';
import { QueryState } from '../../ui/query-state';
import { usePhone } from '../../ui/use-phone';
import { MoneyRow } from './money-row';
import { RecordPaymentModal } from './record-payment-modal';

const STATUS_COLOR: Record<TInvoicePayments['status'], string> = {
  Unpaid: 'gray',
  'Partly paid': 'yellow',
  Paid: 'green',
};

/** The bin of a payment by hand, named for what it removes. */
function RemoveButton({
  row,
  busy,
  onRemove,
}: {
  row: TPaymentRow;
  busy: boolean;
  onRemove: (id: string) => void;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Remove the payment of ${formatMoney(row.amount)} on ${row.datePaid}`}
      loading={busy}
      onClick={() => onRemove(row._id)}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
}

interface Props {
  invoiceId: string;
  today: string;
  /** The member may record and remove payments (invoices u). */
  canEdit: boolean;
}

/**
 * An invoice's payments (DECISIONS §16): each with its date, amount, method,
 * reference and who recorded it; the balance and state; Record payment up to
 * the balance; a payment by hand removed after a confirmation (one paid
 * online stays).
 */
export function PaymentsPanel({ invoiceId, today, canEdit }: Props) {
  const payments = useInvoicePayments(invoiceId);
  const remove = useRemovePayment(invoiceId);
  const [recording, setRecording] = useState(false);
  const phone = usePhone();

  const removeIt = (id: string) =>
    confirmDelete(
      () =>
        remove.mutate(id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Payment removed' }),
          onError: (e) =>
            notifications.show({ color: 'red', title: 'Not removed', message: errorMessage(e) }),
        }),
      'Are you sure you want to remove this payment?',
    );

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="payments-title">
      <QueryState query={payments}>
        {(p) => (
          <Stack gap="sm">
            <Group justify="space-between">
              <Group gap="sm">
                <Title id="payments-title" order={2} fz="h4">
                  Payments
                </Title>
                <Badge color={STATUS_COLOR[p.status]} aria-label={`State: ${p.status}`}>
                  {p.status}
                </Badge>
              </Group>
              {canEdit && p.status !== 'Paid' && p.balance > 0 && (
                <Button variant="light" onClick={() => setRecording(true)}>
                  Record payment
                </Button>
              )}
            </Group>
            {p.payments.length === 0 ? (
              <Text c="dimmed">No payments yet.</Text>
            ) : phone ? (
              // A phone: one line per payment, its amount and bin on the right.
              <Stack gap={0} role="list" aria-label="Payments">
                {p.payments.map((r) => (
                  <MoneyRow
                    key={r._id}
                    title={`${r.datePaid} · ${r.method || 'No method'}${r.online ? ' · Online' : ''}`}
                    detail={[r.reference, r.note].filter(Boolean).join(' · ')}
                    amount={r.amount}
                    action={
                      canEdit &&
                      !r.online && (
                        <RemoveButton
                          row={r}
                          busy={remove.isPending && remove.variables === r._id}
                          onRemove={removeIt}
                        />
                      )
                    }
                  />
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table aria-label="Payments" verticalSpacing={4}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th>Method</Table.Th>
                      <Table.Th>Reference</Table.Th>
                      <Table.Th>Recorded by</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Actions</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {p.payments.map((r) => (
                      <Table.Tr key={r._id}>
                        <Table.Td>{r.datePaid}</Table.Td>
                        <Table.Td ta="right">{formatMoney(r.amount)}</Table.Td>
                        <Table.Td>{r.method || '—'}</Table.Td>
                        <Table.Td>
                          {r.reference || '—'}
                          {r.note && (
                            <Text fz="xs" c="dimmed">
                              {r.note}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {r.online ? <Badge color="blue">Online</Badge> : (r.recordedBy ?? '—')}
                        </Table.Td>
                        <Table.Td>
                          {canEdit && !r.online && (
                            <RemoveButton
                              row={r}
                              busy={remove.isPending && remove.variables === r._id}
                              onRemove={removeIt}
                            />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Group gap="lg" justify="flex-end">
              <Text>
                Paid <b data-testid="payments-paid">{formatMoney(p.amountPaid)}</b>
              </Text>
              <Text>
                Balance <b data-testid="payments-balance">{formatMoney(p.balance)}</b>
              </Text>
            </Group>
            {recording && (
              <RecordPaymentModal
                invoiceId={invoiceId}
                balance={p.balance}
                today={today}
                onDone={() => {
                  setRecording(false);
                  notifications.show({ color: 'green', message: 'Payment recorded' });
                }}
                onClose={() => setRecording(false)}
              />
            )}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}
