import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TInvoiceSummary } from '@fieldbook/core';
import { Money } from '../../ui/money';

function Box({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Paper withBorder p="md" aria-label={`${label} total`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={24} fw={700} c={color}>
        <Money value={value} />
      </Text>
    </Paper>
  );
}

/** The period's Paid, Outstanding and Quotes totals (from /invoices/summary). */
export function InvoiceBoxes({ summary }: { summary: TInvoiceSummary | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
      <Box label="Paid" value={summary?.paid ?? 0} color="green.8" />
      <Box label="Outstanding" value={summary?.outstanding ?? 0} color="orange.8" />
      <Box label="Quotes" value={summary?.quotes ?? 0} color="gray.8" />
    </SimpleGrid>
  );
}
