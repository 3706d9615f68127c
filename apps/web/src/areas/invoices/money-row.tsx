import type { ReactNode } from 'react';
import { Group, Text } from '@mantine/core';
import { formatMoney } from '@fieldbook/core';

/**
 * One payment or credit note on a phone: what it is and a detail line on the
 * left, its amount and an action on the right (a list item of the panel's list).
 */
export function MoneyRow({
  title,
  detail,
  amount,
  action,
}: {
  title: ReactNode;
  detail?: string;
  amount: number;
  action?: ReactNode;
}) {
  return (
    <Group
      role="listitem"
      justify="space-between"
      wrap="nowrap"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
    >
      <div>
        <Text fz="sm">{title}</Text>
        {detail && (
          <Text fz="xs" c="dimmed">
            {detail}
          </Text>
        )}
      </div>
      <Group gap={4} wrap="nowrap">
        <Text fw={600}>{formatMoney(amount)}</Text>
        {action}
      </Group>
    </Group>
  );
}
