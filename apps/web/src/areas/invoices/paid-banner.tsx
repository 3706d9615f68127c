import { Group, Paper, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatMoney } from '@fieldbook/core';
import { num, type InvoiceValues } from './invoice-form';

/** The PAID banner of a paid invoice, with when, how much and how. */
export function PaidBanner({ values }: { values: InvoiceValues }) {
  const details = [
    values.datePaid && `on ${values.datePaid}`,
    formatMoney(num(values.amountPaid) ?? 0),
    values.methodPaid && `by ${values.methodPaid}`,
  ].filter(Boolean);
  return (
    <Paper
      p="md"
      radius="md"
      bg="green.0"
      style={{ border: '2px solid var(--mantine-color-green-6)' }}
      role="status"
      aria-label="Paid"
    >
      <Group gap="md">
        <IconCircleCheck size={32} color="var(--mantine-color-green-7)" />
        <Text fz={28} fw={800} c="green.8" style={{ letterSpacing: 4 }}>
          PAID
        </Text>
        <Text c="green.9">{details.join(' · ')}</Text>
      </Group>
    </Paper>
  );
}
