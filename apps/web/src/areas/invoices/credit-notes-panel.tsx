import { useState } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { addAmounts, formatMoney, type TInvoice } from '@fieldbook/core';
import { useCreditNotes } from '../../api/use-credit-notes';
import { QueryState } from '../../ui/query-state';
import { usePhone } from '../../ui/use-phone';
import { CreditNoteActions } from './credit-note-actions';
import { IssueCreditNoteModal } from './issue-credit-note-modal';
import { stillOwed } from './refund-values';
import { MoneyRow } from './money-row';

interface Props {
  invoice: TInvoice;
  today: string;
  /** The member may issue credit notes (invoices u). */
  canEdit: boolean;
}

/**
 * The invoice's credit notes (VAT Act s21(3)(a), docs/payments.md): number,
 * date, reason, value and VAT, and what each took off the balance or owes the
 * client; Issue credit note while the invoice still carries something.
 */
export function CreditNotesPanel({ invoice, today, canEdit }: Props) {
  const notes = useCreditNotes(invoice._id);
  const [issuing, setIssuing] = useState(false);
  const phone = usePhone();

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="credit-notes-title">
      <QueryState query={notes}>
        {(list) => {
          const credited = addAmounts(...list.map((n) => n.total));
          const carries = addAmounts(invoice.totals.total, -credited);
          return (
            <Stack gap="sm">
              <Group justify="space-between">
                <Title id="credit-notes-title" order={2} fz="h4">
                  Credit notes
                </Title>
                {canEdit && carries > 0 && (
                  <Button variant="light" color="grape" onClick={() => setIssuing(true)}>
                    Issue credit note
                  </Button>
                )}
              </Group>
              {list.length === 0 ? (
                <Text c="dimmed">No credit notes.</Text>
              ) : phone ? (
                <Stack gap={0} role="list" aria-label="Credit notes">
                  {list.map((n) => (
                    <MoneyRow
                      key={n._id}
                      title={`${n.number} · ${n.date}`}
                      detail={
                        stillOwed(n)
                          ? `${n.reason} · owes the client ${formatMoney(stillOwed(n))}`
                          : n.reason
                      }
                      amount={n.total}
                      action={<CreditNoteActions note={n} today={today} canEdit={canEdit} />}
                    />
                  ))}
                </Stack>
              ) : (
                <Table.ScrollContainer minWidth={520}>
                  <Table aria-label="Credit notes" verticalSpacing={4}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Number</Table.Th>
                        <Table.Th>Date</Table.Th>
                        <Table.Th>Reason</Table.Th>
                        <Table.Th ta="right">Credited</Table.Th>
                        <Table.Th ta="right">VAT</Table.Th>
                        <Table.Th ta="right">Owed to client</Table.Th>
                        <Table.Th>
                          <VisuallyHidden>Actions</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.map((n) => (
                        <Table.Tr key={n._id}>
                          <Table.Td>{n.number}</Table.Td>
                          <Table.Td>{n.date}</Table.Td>
                          <Table.Td>{n.reason}</Table.Td>
                          <Table.Td ta="right">{formatMoney(n.total)}</Table.Td>
                          <Table.Td ta="right">{formatMoney(n.tax1)}</Table.Td>
                          <Table.Td ta="right">
                            {stillOwed(n) ? formatMoney(stillOwed(n)) : '—'}
                          </Table.Td>
                          <Table.Td>
                            <CreditNoteActions note={n} today={today} canEdit={canEdit} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              {issuing && (
                <IssueCreditNoteModal
                  invoice={invoice}
                  creditedSoFar={credited}
                  today={today}
                  onDone={(note) => {
                    setIssuing(false);
                    notifications.show({
                      color: 'green',
                      message: `Credit note ${note.number} issued`,
                    });
                  }}
                  onClose={() => setIssuing(false)}
                />
              )}
            </Stack>
          );
        }}
      </QueryState>
    </Paper>
  );
}
