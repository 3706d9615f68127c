import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { TExpenseSummary } from '@fieldbook/core';
import { Money } from '../../ui/money';

function Box({ label, value, color }: { label: string; value?: number; color: string }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={30} mt={4} w={140} />
      ) : (
        <Text fz={26} fw={700} c={color}>
          <Money value={value} />
        </Text>
      )}
    </Paper>
  );
}

/** Paid and Outstanding of the period (the sums over all its expenses, whatever the tab). */
export function ExpenseBoxes({ summary }: { summary: TExpenseSummary | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} mb="md" maw={640}>
      <Box label="Paid" value={summary?.paid} color="green.8" />
      <Box label="Outstanding" value={summary?.outstanding} color="orange.8" />
    </SimpleGrid>
  );
}
