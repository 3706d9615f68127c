import { Paper, SimpleGrid, Table, Text } from '@mantine/core';
import type { TStatementResponse } from '@fieldbook/core';
import { Money } from './money';

const AGING: { key: keyof TStatementResponse['aging']; label: string }[] = [
  { key: 'current', label: 'Current' },
  { key: 'd30', label: '30 days' },
  { key: 'd60', label: '60 days' },
  { key: 'd90', label: '90 days' },
  { key: 'd120', label: '120+ days' },
];

function Box({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Paper withBorder p="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={strong ? 26 : 20} fw={700} c={strong && value > 0 ? 'red.7' : undefined}>
        <Money value={value} />
      </Text>
    </Paper>
  );
}

/**
 * The outstanding total and the aging buckets of a statement (DECISIONS §6);
 * a period's statement names its total otherwise ("Closing balance").
 */
export function StatementAging({
  statement,
  totalLabel = 'Outstanding',
}: {
  statement: TStatementResponse;
  totalLabel?: string | undefined;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        <Box label={totalLabel} value={statement.total} strong />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {AGING.map((a) => (
          <Box key={a.key} label={a.label} value={statement.aging[a.key]} />
        ))}
      </SimpleGrid>
    </>
  );
}

/** The lines of a statement, oldest first, with the rolling balance; `empty` when there are none. */
export function StatementTable({
  statement,
  empty = 'No invoices or payments yet.',
}: {
  statement: TStatementResponse;
  empty?: string | undefined;
}) {
  if (statement.lineItems.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={640} type="native">
      <Table striped verticalSpacing="xs" aria-label="Statement">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Number</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Debit</Table.Th>
            <Table.Th ta="right">Credit</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {/* An invoice has several lines (payments, notes, refunds): its id and place key each. */}
          {statement.lineItems.map((l, i) => (
            <Table.Tr key={`${i}-${l._id}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.invoiceDate}</Table.Td>
              <Table.Td>{l.invoiceNumber}</Table.Td>
              <Table.Td>{l.description}</Table.Td>
              <Table.Td ta="right">
                {l.debit_credit === 'debit' ? <Money value={l.total} /> : null}
              </Table.Td>
              <Table.Td ta="right">
                {l.debit_credit === 'credit' ? <Money value={l.total} /> : null}
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                <Money value={l.rolling} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
