import '@mantine/charts/styles.css';
import { PieChart } from '@mantine/charts';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney, recurringPie, type TRecurringItem } from '@fieldbook/core';

const COLORS = ['brand.6', 'indigo.6', 'orange.6', 'grape.6', 'teal.6', 'gray.6'];

/** The top 5 line-item categories of the listed items, the rest as Other (spec §9). */
export function RecurringPie({ items }: { items: TRecurringItem[] }) {
  const data = recurringPie(items).map((s, i) => ({
    name: s.category,
    value: s.total,
    color: COLORS[i % COLORS.length]!,
  }));
  if (data.length === 0) return null;
  return (
    <Paper withBorder p="md" mb="md" aria-label="Categories">
      <Text fw={600} mb="sm">
        Categories
      </Text>
      <Group gap="xl" align="center">
        <PieChart
          data={data}
          size={140}
          withTooltip
          // A lone segment would show its stroke as a seam.
          strokeWidth={data.length > 1 ? 1 : 0}
          tooltipDataSource="segment"
          valueFormatter={(v) => formatMoney(v)}
        />
        <Stack gap={4} data-testid="recurring-pie-legend">
          {data.map((d) => (
            <Group key={d.name} gap="xs" wrap="nowrap">
              <Text
                component="span"
                w={10}
                h={10}
                style={{
                  borderRadius: 10,
                  flex: 'none',
                  background: `var(--mantine-color-${d.color.replace('.', '-')})`,
                }}
              />
              <Text size="sm" miw={90}>
                {d.name}
              </Text>
              <Text size="sm" fw={600}>
                {formatMoney(d.value)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </Paper>
  );
}
