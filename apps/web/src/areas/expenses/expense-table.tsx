import { Anchor, Avatar, Table, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { TExpense, TSupplier } from '@fieldbook/core';
import { apiUrl } from '../../api/api-client';
import { Money } from '../../ui/money';
import { PagedFooter, usePaged } from '../../ui/paged';
import { usePhone } from '../../ui/use-phone';
import { PaidBadge } from './expense-view';

interface ExpenseTableProps {
  expenses: TExpense[];
  suppliers: TSupplier[];
}

/** The expenses of the period; a row opens the expense. */
export function ExpenseTable({ expenses, suppliers }: ExpenseTableProps) {
  const navigate = useNavigate();
  const paged = usePaged(expenses);
  const shown = paged.shown;
  const names = new Map(suppliers.map((s) => [s._id, `${s.name} ${s.surname}`.trim()]));
  const payee = (x: (typeof expenses)[number]) =>
    x.to || (x.supplierId && names.get(x.supplierId)) || '—';
  const phone = usePhone();

  if (expenses.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        No expenses to show.
      </Text>
    );

  return (
    <>
      {/* On a phone: the number (date, payee and description under it), the amount and status. */}
      <Table.ScrollContainer minWidth={phone ? 0 : 760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Expenses">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              {!phone && (
                <>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Description</Table.Th>
                </>
              )}
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th miw={112}>Status</Table.Th>
              {!phone && <Table.Th w={48} aria-label="Photo" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((x) => (
              <Table.Tr
                key={x._id}
                style={{ cursor: 'pointer' }}
                onClick={() => navigate(`/expenses/${x._id}`)}
              >
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/expenses/${x._id}`}
                    fw={600}
                    onClick={(ev) => ev.stopPropagation()}
                  >
                    {x.expenseNumber}
                  </Anchor>
                  {phone && (
                    <>
                      <Text size="sm" lineClamp={1}>
                        {payee(x)} · {x.description}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {x.expenseDate}
                      </Text>
                    </>
                  )}
                </Table.Td>
                {!phone && (
                  <>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{x.expenseDate}</Table.Td>
                    <Table.Td>{payee(x)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1} maw={320}>
                        {x.description}
                      </Text>
                    </Table.Td>
                  </>
                )}
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <Money value={x.price} />
                </Table.Td>
                <Table.Td>
                  <PaidBadge paid={x.paid} />
                </Table.Td>
                {!phone && (
                  <Table.Td>
                    {x.photo && (
                      <Avatar src={apiUrl(x.photo)} alt="Photo" size={28} radius="sm">
                        <IconPhoto size={16} />
                      </Avatar>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagedFooter paged={paged} />
    </>
  );
}
