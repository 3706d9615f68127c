import { Badge, Card, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import {
  formatMoney,
  frequencyWords,
  ruleOf,
  type TAppointmentType,
  type TRecurringItem,
  type TRecurringType,
} from '@fieldbook/core';
import { usePhone } from '../../ui/use-phone';

/** Next Run: the first of `nextRuns`, 'Disabled' when inactive, 'Ended' when none are left. */
export function nextRunText(item: Pick<TRecurringItem, 'active' | 'nextRuns'>): string {
  if (!item.active) return 'Disabled';
  return item.nextRuns[0] ?? 'Ended';
}

/** Last Run: the date, or 'Never'. */
export const lastRunText = (item: Pick<TRecurringItem, 'lastRunDate'>) =>
  item.lastRunDate ?? 'Never';

const WHO_LABEL: Record<TRecurringType, string> = {
  invoices: 'Client',
  expenses: 'Supplier',
  calender: 'Job type',
};

interface ListProps {
  type: TRecurringType;
  items: TRecurringItem[];
  jobTypes: TAppointmentType[];
  onOpen: (id: string) => void;
}

/** Who the item is for or from: the client, the supplier (its To), or the job's type. */
function who(type: TRecurringType, item: TRecurringItem, jobTypes: TAppointmentType[]): string {
  if (type === 'calender')
    return jobTypes.find((t) => t._id === item.appointmentTypeId)?.name ?? '—';
  const client = item.client && `${item.client.name} ${item.client.surname}`.trim();
  return client || item.to || '—';
}

/** What it makes: the first line (and how many more), the description, or the fault. */
function what(type: TRecurringType, item: TRecurringItem): string {
  if (type === 'expenses') return item.description;
  if (type === 'calender') return item.faultDescription;
  const [first, ...rest] = item.descriptions;
  if (!first) return '';
  return rest.length ? `${first.description} (+${rest.length} more)` : first.description;
}

/** The recurring items: a table on a desktop, cards on a phone (no sideways scrolling). */
export function RecurringList({ type, items, jobTypes, onOpen }: ListProps) {
  const phone = usePhone();
  if (phone)
    return (
      <Stack gap="sm" p="sm" aria-label="Recurring items">
        {items.map((item) => (
          <Card
            key={item._id}
            withBorder
            padding="sm"
            component="button"
            type="button"
            ta="left"
            style={{ cursor: 'pointer', width: '100%' }}
            onClick={() => onOpen(item._id)}
            data-testid="recurring-row"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {who(type, item, jobTypes)}
                </Text>
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {what(type, item) || '—'}
                </Text>
              </Stack>
              {type !== 'calender' && (
                <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(item.total)}
                </Text>
              )}
            </Group>
            <Text size="sm" mt={4}>
              {frequencyWords(ruleOf(item))}
            </Text>
            <Group gap="md" mt={4}>
              <Text size="xs">
                Next Run: <b>{nextRunText(item)}</b>
              </Text>
              <Text size="xs">
                Last Run: <b>{lastRunText(item)}</b>
              </Text>
            </Group>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table highlightOnHover aria-label="Recurring items" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{WHO_LABEL[type]}</Table.Th>
            <Table.Th>What</Table.Th>
            <Table.Th>Frequency</Table.Th>
            <Table.Th>Next Run</Table.Th>
            <Table.Th>Last Run</Table.Th>
            {type !== 'calender' && <Table.Th ta="right">Total</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={item._id}
              data-testid="recurring-row"
              style={{ cursor: 'pointer' }}
              onClick={() => onOpen(item._id)}
            >
              <Table.Td>
                <UnstyledButton
                  fw={600}
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(item._id);
                  }}
                >
                  {who(type, item, jobTypes)}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{what(type, item)}</Table.Td>
              <Table.Td>{frequencyWords(ruleOf(item))}</Table.Td>
              <Table.Td>
                {item.active ? (
                  nextRunText(item)
                ) : (
                  <Badge color="gray" variant="light">
                    Disabled
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{lastRunText(item)}</Table.Td>
              {type !== 'calender' && (
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(item.total)}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
