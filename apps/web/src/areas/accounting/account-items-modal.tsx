import { Alert, Group, Modal, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import {
  can,
  formatMoney,
  monthHeading,
  type TAccountItem,
  type TLedgerAccount,
} from '@fieldbook/core';
import { useCurrentCompany } from '../../app/company-context';
import { errorMessage } from '../../api/api-client';
import {
  useAccountItems,
  useChangeItemAccount,
  type StatementCell,
} from '../../api/use-accounting';
import { QueryState } from '../../ui/query-state';
import { usePhone } from '../../ui/use-phone';
import { accountOptions } from './ledger-account-select';

interface AccountItemsModalProps {
  cell: StatementCell;
  accounts: TLedgerAccount[];
  onClose: () => void;
}

const dateOf = (i: TAccountItem) => (i.sourceKind === 'expense' ? i.expenseDate : i.invoiceDate);
// A credit note's part opens the invoice it corrects (its credit notes are listed there).
const sourceLink = (i: TAccountItem) =>
  i.sourceKind === 'expense'
    ? `/expenses/${encodeURIComponent(i.sourceId)}`
    : `/invoices/${encodeURIComponent(i.invoiceId ?? i.sourceId)}`;

/**
 * The account items behind one cell of the statement: date, number,
 * description, qty, price and amount, each with its account. Choosing another
 * account moves the item (changeItemAccount); the items and the statement
 * reload, so the item leaves this list.
 */
export function AccountItemsModal({ cell, accounts, onClose }: AccountItemsModalProps) {
  const phone = usePhone();
  const items = useAccountItems(cell);
  const change = useChangeItemAccount();
  const { member } = useCurrentCompany();
  // A move rewrites the invoice line or the expense: the server asks that area's update right.
  const mayMove = (i: TAccountItem) =>
    can(member, i.sourceKind === 'expense' ? 'expenses' : 'invoices', 'u');
  const account = accounts.find((a) => a._id === cell.accountId);
  // An item stays on its side: income items move between income accounts.
  const options = accountOptions(accounts, cell.income);

  const move = (item: TAccountItem, ledgerAccountId: string | null) => {
    if (!ledgerAccountId || ledgerAccountId === item.ledgerAccountId) return;
    change.mutate(
      { item: item._id, ledgerAccountId },
      {
        onSuccess: () => notifications.show({ color: 'green', message: 'Item moved' }),
      },
    );
  };

  const numberLink = (i: TAccountItem) => (
    <Link to={sourceLink(i)}>
      {i.invoiceNumber ?? (i.sourceKind === 'expense' ? 'Expense' : 'Invoice')}
    </Link>
  );
  const accountSelect = (i: TAccountItem, n: number) => (
    <Select
      aria-label={`Account of item ${n + 1}`}
      size="xs"
      mt={phone ? 6 : 0}
      allowDeselect={false}
      data={options}
      value={i.ledgerAccountId}
      disabled={change.isPending || !mayMove(i)}
      onChange={(id) => move(i, id)}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <Modal
      opened
      onClose={onClose}
      // Wide enough for the seven columns and the account picker.
      size={960}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={`${account?.name ?? 'Unknown account'} · ${monthHeading(cell.month)}`}
    >
      <Stack gap="sm">
        {change.error && (
          <Alert color="red" role="alert" title="Not moved">
            {errorMessage(change.error)}
          </Alert>
        )}
        <QueryState query={items}>
          {(list) =>
            list.length === 0 ? (
              <Text c="dimmed" ta="center" py="md">
                No items in this month.
              </Text>
            ) : phone ? (
              <Stack gap="xs" role="list" aria-label="Account items">
                {list.map((i, n) => (
                  <Paper key={i._id} withBorder p="sm" radius="md" role="listitem">
                    <Text fw={600} size="sm">
                      {i.description}
                    </Text>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="xs" c="dimmed">
                        {dateOf(i) ?? ''} · {numberLink(i)}
                      </Text>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {i.qty} × {formatMoney(i.price)} = <b>{formatMoney(i.amount)}</b>
                      </Text>
                    </Group>
                    {accountSelect(i, n)}
                  </Paper>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={760}>
                <Table aria-label="Account items" verticalSpacing="xs" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>Number</Table.Th>
                      <Table.Th>Description</Table.Th>
                      <Table.Th ta="right">Qty</Table.Th>
                      <Table.Th ta="right">Price</Table.Th>
                      <Table.Th ta="right">Amount</Table.Th>
                      <Table.Th miw={200}>Account</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((i, n) => (
                      <Table.Tr key={i._id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{dateOf(i) ?? ''}</Table.Td>
                        <Table.Td>{numberLink(i)}</Table.Td>
                        <Table.Td miw={160}>{i.description}</Table.Td>
                        <Table.Td ta="right">{i.qty}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatMoney(i.price)}
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {formatMoney(i.amount)}
                        </Table.Td>
                        <Table.Td>{accountSelect(i, n)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Stack>
    </Modal>
  );
}
