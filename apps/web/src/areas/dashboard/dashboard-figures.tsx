import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCash,
  IconClockExclamation,
  IconFileInvoice,
  IconMailX,
  IconReceipt,
  IconScale,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { periodLabel, type TDashboard } from '@fieldbook/core';
import { useDashboard } from '../../api/use-dashboard';
import { Money } from '../../ui/money';
import { QueryState } from '../../ui/query-state';

interface Figure {
  label: string;
  value: ReactNode;
  note?: string;
  to: string;
  icon: typeof IconCash;
  /** Needs attention when not zero. */
  alert?: boolean;
}

function figuresOf(d: TDashboard): Figure[] {
  const out: Figure[] = [];
  const i = d.invoices;
  if (i)
    out.push(
      {
        label: 'Invoiced',
        value: <Money value={i.invoiced} />,
        note: `${i.invoicedCount} ${i.invoicedCount === 1 ? 'invoice' : 'invoices'} this month`,
        to: '/invoices',
        icon: IconFileInvoice,
      },
      {
        label: 'Paid',
        value: <Money value={i.paid} />,
        note: 'this month',
        to: '/invoices',
        icon: IconCash,
      },
      {
        label: 'Outstanding',
        value: <Money value={i.outstanding} />,
        note: 'owed on all invoices today',
        to: '/invoices',
        icon: IconScale,
      },
      {
        label: 'Overdue',
        value: <Money value={i.overdue} />,
        note: `${i.overdueCount} ${i.overdueCount === 1 ? 'invoice' : 'invoices'} past due`,
        to: '/invoices',
        icon: IconClockExclamation,
        alert: i.overdueCount > 0,
      },
    );
  if (d.expenses)
    out.push({
      label: 'Expenses',
      value: <Money value={d.expenses.total} />,
      note: `${d.expenses.count} this month`,
      to: '/expenses',
      icon: IconReceipt,
    });
  if (d.incidents)
    out.push({
      label: 'Open incidents',
      value: d.incidents.open,
      note: 'records waiting for a client',
      to: '/incidents',
      icon: IconAlertTriangle,
      alert: d.incidents.open > 0,
    });
  if (i)
    out.push({
      label: 'Failed sends',
      value: i.failedSends,
      note: 'invoices whose e-mail gave up',
      to: '/invoices',
      icon: IconMailX,
      alert: i.failedSends > 0,
    });
  return out;
}

/** The month's figures of the areas the member may read, each a link to its screen. */
export function DashboardFigures() {
  const dashboard = useDashboard();
  return (
    <QueryState query={dashboard}>
      {(d) => {
        const figures = figuresOf(d);
        if (figures.length === 0) return null;
        return (
          <section aria-labelledby="figures-title">
            <Title id="figures-title" order={2} fz="h4" mb="sm">
              {periodLabel({ from: d.from, to: d.to, type: 0 })}
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              {figures.map((f) => (
                <Card
                  key={f.label}
                  component={Link}
                  to={f.to}
                  padding="md"
                  withBorder
                  style={f.alert ? { borderColor: 'var(--mantine-color-red-4)' } : undefined}
                >
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div>
                      <Text size="sm" c="dimmed" fw={600}>
                        {f.label}
                      </Text>
                      <Text fz="xl" fw={700} c={f.alert ? 'red.8' : undefined}>
                        {f.value}
                      </Text>
                      {f.note && (
                        <Text size="xs" c="dimmed">
                          {f.note}
                        </Text>
                      )}
                    </div>
                    <ThemeIcon variant="light" color={f.alert ? 'red' : 'brand'} aria-hidden>
                      <f.icon size={18} />
                    </ThemeIcon>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        );
      }}
    </QueryState>
  );
}
