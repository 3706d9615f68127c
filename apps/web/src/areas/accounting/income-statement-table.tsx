import type React from 'react';
import { ActionIcon, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import {
  formatMoney,
  monthHeading,
  type StatementLayout,
  type StatementRow,
  type TLedgerAccount,
} from '@fieldbook/core';
import type { StatementCell } from '../../api/use-accounting';

// The account column stays in view while the months scroll under it; it needs
// its own background so the amounts do not show through.
const sticky = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  minWidth: 'min(150px, 38vw)',
  // On a phone the months need the room: the name truncates.
  maxWidth: 'min(240px, 45vw)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-default-border)',
} as const;
const num = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;
const shade: Record<string, React.CSSProperties> = {
  heading: { background: 'var(--mantine-color-default-hover)' },
  subtotal: { borderTop: '2px solid var(--mantine-color-default-border)' },
  profit: { background: 'var(--mantine-color-default-hover)' },
};

interface Props {
  layout: StatementLayout;
  accounts: TLedgerAccount[];
  onOpenCell: (cell: StatementCell) => void;
  /** Absent when the member may not update accounts (the server asks invoices u). */
  onEdit?: (account: TLedgerAccount) => void;
  /** Left out when the member may not delete accounts. */
  onDelete?: (account: TLedgerAccount) => void;
}

/** An amount cell: R0.00 for nothing, dimmed, so every cell reads the same way. */
const amount = (n: number) => (
  <Text span inherit c={n === 0 ? 'dimmed' : n < 0 ? 'red' : undefined}>
    {formatMoney(n)}
  </Text>
);

/**
 * The income statement: a row per account grouped Income then Costs, the
 * subtotals and profits, a column per month and Total. It scrolls sideways
 * inside its own box; the account column stays in view (sticky). A month
 * cell of an account opens its items.
 */
export function IncomeStatementTable({ layout, accounts, onOpenCell, onEdit, onDelete }: Props) {
  const byId = new Map(accounts.map((a) => [a._id, a]));
  const cols = layout.months.length + 2;

  const accountCell = (r: StatementRow) => {
    const a = r.account ? byId.get(r.account._id) : undefined;
    return (
      <Group gap={4} wrap="nowrap" justify="space-between">
        <div style={{ minWidth: 0 }}>
          <Text size="sm" truncate="end">
            {r.label}
          </Text>
          {r.account?.code && (
            <Text size="xs" c="dimmed">
              {r.account.code}
            </Text>
          )}
        </div>
        {a && (
          <Group gap={0} wrap="nowrap">
            {onEdit && (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={`Edit ${a.name}`}
                onClick={() => onEdit(a)}
              >
                <IconPencil size={14} />
              </ActionIcon>
            )}
            {/* The defaults take the items of deleted accounts: they cannot go. */}
            {!a.isDefault && onDelete && (
              <ActionIcon
                variant="subtle"
                size="sm"
                color="red"
                aria-label={`Delete ${a.name}`}
                onClick={() => onDelete(a)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            )}
          </Group>
        )}
      </Group>
    );
  };

  return (
    <div
      data-testid="statement-scroller"
      // Only the statement scrolls sideways, never the page.
      style={{ overflowX: 'auto', maxWidth: '100%' }}
    >
      <Table miw="max-content" aria-label="Income statement" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={sticky}>Account</Table.Th>
            {layout.months.map((m) => (
              <Table.Th key={m} ta="right" style={num}>
                {monthHeading(m)}
              </Table.Th>
            ))}
            <Table.Th ta="right" style={num}>
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {layout.rows.map((r) => {
            if (r.kind === 'heading')
              return (
                <Table.Tr key={r.key}>
                  <Table.Th style={{ ...sticky, ...shade.heading }} scope="rowgroup">
                    {r.label}
                  </Table.Th>
                  <Table.Td colSpan={cols - 1} style={shade.heading} />
                </Table.Tr>
              );
            const strong = r.kind !== 'account';
            return (
              <Table.Tr
                key={r.key}
                style={strong ? shade[r.kind] : undefined}
                data-row={r.kind === 'account' ? r.account?._id : r.key}
              >
                <Table.Th
                  style={{ ...sticky, ...(r.kind === 'profit' && shade.profit) }}
                  scope="row"
                  fw={strong ? 700 : 400}
                >
                  {r.kind === 'account' ? accountCell(r) : r.label}
                </Table.Th>
                {r.cells.map((n, i) => {
                  const month = layout.months[i]!;
                  return (
                    <Table.Td key={month} ta="right" style={num}>
                      {r.account ? (
                        <UnstyledButton
                          fz="sm"
                          style={{ textDecoration: n === 0 ? undefined : 'underline dotted' }}
                          aria-label={`${r.label} ${monthHeading(month)}: ${formatMoney(n)}`}
                          onClick={() =>
                            onOpenCell({
                              month,
                              accountId: r.account!._id,
                              income: r.account!.income,
                            })
                          }
                        >
                          {amount(n)}
                        </UnstyledButton>
                      ) : (
                        amount(n)
                      )}
                    </Table.Td>
                  );
                })}
                <Table.Td ta="right" style={num} fw={700}>
                  {amount(r.total)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
