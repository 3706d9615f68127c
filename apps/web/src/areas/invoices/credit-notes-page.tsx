import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  DEFAULT_TIME_ZONE,
  addAmounts,
  can,
  formatMoney,
  todayIn,
  type TCreditNote,
} from '@fieldbook/core';
import { useCompanyCreditNotes } from '../../api/use-credit-notes';
import { useCurrentCompany } from '../../app/company-context';
import { PageHeader } from '../../ui/page-header';
import { PeriodFilter } from '../../ui/period-filter';
import { QueryState } from '../../ui/query-state';
import { usePeriod } from '../../ui/use-period';
import { usePhone } from '../../ui/use-phone';
import { CreditNoteActions } from './credit-note-actions';
import { MoneyRow } from './money-row';
import { stillOwed } from './refund-values';

const invoiceLink = (n: TCreditNote) => (
  <Anchor component={Link} to={`/invoices/${n.invoiceId}`}>
    {n.invoiceNumber || 'Invoice'}
  </Anchor>
);

interface ListProps {
  notes: TCreditNote[];
  today: string;
  canEdit: boolean;
}

function NotesTable({ notes, today, canEdit }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table aria-label="Credit notes" verticalSpacing={6} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Invoice</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th ta="right">Credited</Table.Th>
            <Table.Th ta="right">VAT</Table.Th>
            <Table.Th ta="right">Owed to client</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {notes.map((n) => (
            <Table.Tr key={n._id}>
              <Table.Td>{n.number}</Table.Td>
              <Table.Td>{n.date}</Table.Td>
              <Table.Td>{n.clientName || '—'}</Table.Td>
              <Table.Td>{invoiceLink(n)}</Table.Td>
              <Table.Td>{n.reason}</Table.Td>
              <Table.Td ta="right">{formatMoney(n.total)}</Table.Td>
              <Table.Td ta="right">{formatMoney(n.tax1)}</Table.Td>
              <Table.Td ta="right">{stillOwed(n) ? formatMoney(stillOwed(n)) : '—'}</Table.Td>
              <Table.Td>
                <CreditNoteActions note={n} today={today} canEdit={canEdit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function NotesCards({ notes, today, canEdit }: ListProps) {
  return (
    <Stack gap={0} role="list" aria-label="Credit notes">
      {notes.map((n) => (
        <MoneyRow
          key={n._id}
          title={
            <>
              {n.number} · {n.date} · {invoiceLink(n)}
            </>
          }
          detail={[n.clientName, n.reason, stillOwed(n) && `owes ${formatMoney(stillOwed(n))}`]
            .filter(Boolean)
            .join(' · ')}
          amount={n.total}
          action={<CreditNoteActions note={n} today={today} canEdit={canEdit} />}
        />
      ))}
    </Stack>
  );
}

/**
 * /creditNotes: every credit note of the company in a period (a year by
 * default), newest first, with its invoice, what it still owes the client,
 * and its PDF, Send and refunds (docs/payments.md "Credit notes").
 */
export function CreditNotesPage() {
  const { company, member } = useCurrentCompany();
  const timeZone = company?.timeZone ?? DEFAULT_TIME_ZONE;
  const [period, setPeriod] = usePeriod(company?.timeZone, 1);
  const notes = useCompanyCreditNotes(period);
  const today = todayIn(timeZone);
  const canEdit = can(member, 'invoices', 'u');
  const phone = usePhone();

  return (
    <>
      <PageHeader
        title="Credit notes"
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Invoices', to: '/invoices' },
          { label: 'Credit notes' },
        ]}
        description="Issued on an invoice's page; never edited or deleted. A note that took more than the invoice's balance owes the client the rest, to refund."
      />
      <PeriodFilter value={period} onChange={setPeriod} timeZone={timeZone} />
      <Paper withBorder radius="md" p={phone ? 'sm' : 0} mt="md">
        <QueryState query={notes}>
          {({ notes: list, more }) =>
            list.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                No credit notes in this period.
              </Text>
            ) : (
              <>
                {phone ? (
                  <NotesCards notes={list} today={today} canEdit={canEdit} />
                ) : (
                  <NotesTable notes={list} today={today} canEdit={canEdit} />
                )}
                <Text size="sm" c="dimmed" p="sm" data-testid="credit-notes-total">
                  {list.length} {list.length === 1 ? 'note' : 'notes'}, credited{' '}
                  {formatMoney(addAmounts(...list.map((n) => n.total)))}, VAT{' '}
                  {formatMoney(addAmounts(...list.map((n) => n.tax1)))}
                  {more ? '; more notes than shown: choose a shorter period' : ''}
                </Text>
              </>
            )
          }
        </QueryState>
      </Paper>
    </>
  );
}
