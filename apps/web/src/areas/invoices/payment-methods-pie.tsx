import '@mantine/charts/styles.css';
import { PieChart } from '@mantine/charts';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatMoney, type TInvoiceSummary } from '@fieldbook/core';

const COLORS = ['brand.6', 'indigo.6', 'orange.6', 'grape.6', 'teal.6', 'yellow.6', 'gray.6'];

/** How the period's paid invoices were paid, per payment method. */
export function PaymentMethodsPie({ methods }: { methods: TInvoiceSummary['methods'] }) {
  const data = methods
    .filter((m) => m.total > 0)
    .map((m, i) => ({
      name: m.method || 'Not given',
      value: m.total,
      color: COLORS[i % COLORS.length]!,
    }));
  return (
    <Paper withBorder p="md" mb="md" aria-label="Payment Methods">
      <Text fw={600} mb="sm">
        Payment Methods
      </Text>
      {data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No payments in this period.
        </Text>
      ) : (
        <Group gap="xl" align="center">
          <PieChart
            data={data}
            size={160}
            withTooltip
            // A lone segment would show its stroke as a seam.
            strokeWidth={data.length > 1 ? 1 : 0}
            tooltipDataSource="segment"
            valueFormatter={(v) => formatMoney(v)}
          />
          <Stack gap={4}>
            {data.map((d) => (
              <Group key={d.name} gap="xs">
                <Text
                  component="span"
                  w={10}
                  h={10}
                  style={{
                    borderRadius: 10,
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
      )}
    </Paper>
  );
}
