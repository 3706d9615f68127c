import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { addAmounts, formatMoney, type TCreditNote, type TInvoice } from '@fieldbook/core';
import { useCurrentCompany } from '../../app/company-context';
import { downloadFile } from '../../api/download';
import { useDownload } from '../../ui/use-download';
import { useCreditNotes } from '../../api/use-credit-notes';
import { QueryState } from '../../ui/query-state';
import { usePhone } from '../../ui/use-phone';
import { IssueCreditNoteModal } from './issue-credit-note-modal';
import { MoneyRow } from './money-row';

/** The note's PDF; every print after the first is marked "Copy". */
function PdfButton({ note }: { note: TCreditNote }) {
  const { companyId } = useCurrentCompany();
  const { busy, run } = useDownload(() =>
    downloadFile(
      `/companies/${companyId ?? ''}/credit-notes/${encodeURIComponent(note._id)}/download`,
      `${note.number}.pdf`,
    ),
  );
  return (
    <ActionIcon
      variant="subtle"
      aria-label={`Download credit note ${note.number}`}
      loading={busy}
      onClick={() => void run()}
    >
      <IconDownload size={16} />
    </ActionIcon>
  );
}

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
                      detail={n.reason}
                      amount={n.total}
                      action={<PdfButton note={n} />}
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
                          <VisuallyHidden>PDF</VisuallyHidden>
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
                          <Table.Td ta="right">{n.excess ? formatMoney(n.excess) : '—'}</Table.Td>
                          <Table.Td>
                            <PdfButton note={n} />
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
