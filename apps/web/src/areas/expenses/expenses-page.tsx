import { useState } from 'react';
import { Badge, Button, Group, Paper, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { can, type TExpense } from '@fieldbook/core';
import { useExpenseSummary, useExpenses, useSupplierOptions } from '../../api/use-expenses';
import { useCurrentCompany } from '../../app/company-context';
import { useGlobalSearch } from '../../app/search-context';
import { PageHeader } from '../../ui/page-header';
import { PeriodFilter } from '../../ui/period-filter';
import { usePeriod } from '../../ui/use-period';
import { QueryState } from '../../ui/query-state';
import { ExpenseBoxes } from './expense-boxes';
import { ExpenseTable } from './expense-table';
import { ExportCsvButton } from './export-csv-button';

type Tab = 'all' | 'paid' | 'unpaid';

const inTab = (tab: Tab, x: TExpense) => tab === 'all' || x.paid === (tab === 'paid');

/** Newest first; the number breaks ties within a day. */
const byDateDesc = (a: TExpense, b: TExpense) =>
  b.expenseDate.localeCompare(a.expenseDate) ||
  b.expenseNumber.localeCompare(a.expenseNumber, undefined, { numeric: true });

/** /expenses: the period's expenses with Paid and Outstanding boxes. */
export function ExpensesPage() {
  const { company, member } = useCurrentCompany();
  const [period, setPeriod] = usePeriod(company?.timeZone);
  const [tab, setTab] = useState<Tab>('all');
  const expenses = useExpenses(period);
  const summary = useExpenseSummary(period);
  const suppliers = useSupplierOptions();
  const { search } = useGlobalSearch();
  const needle = search.trim().toLowerCase();
  const counts = summary.data?.counts;

  const tabLabel = (label: string, n: number | undefined) => (
    <Group gap={6} wrap="nowrap">
      {label}
      {n !== undefined && (
        <Badge size="sm" variant="light" color="gray" aria-hidden>
          {n}
        </Badge>
      )}
    </Group>
  );

  return (
    <>
      <PageHeader
        title="Expenses"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Expenses' }]}
        actions={
          can(member, 'expenses', 'c') && (
            <Button component={Link} to="/expenses/new" leftSection={<IconPlus size={16} />}>
              New
            </Button>
          )
        }
      />
      <Group justify="space-between" mb="md" wrap="wrap">
        <PeriodFilter value={period} onChange={setPeriod} timeZone={company?.timeZone} />
        <ExportCsvButton period={period} />
      </Group>
      <ExpenseBoxes summary={summary.data} />
      <Tabs value={tab} onChange={(v) => setTab((v as Tab | null) ?? 'all')} mb="md">
        <Tabs.List>
          <Tabs.Tab value="all">{tabLabel('All', counts?.all)}</Tabs.Tab>
          <Tabs.Tab value="paid">{tabLabel('Paid', counts?.paid)}</Tabs.Tab>
          <Tabs.Tab value="unpaid">{tabLabel('Un-Paid', counts?.unpaid)}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Paper withBorder radius="md">
        <QueryState query={expenses}>
          {(list) => (
            <ExpenseTable
              expenses={list
                .filter(
                  (x) =>
                    inTab(tab, x) &&
                    (!needle ||
                      `${x.expenseNumber} ${x.to} ${x.description}`.toLowerCase().includes(needle)),
                )
                .sort(byDateDesc)}
              suppliers={suppliers.data ?? []}
            />
          )}
        </QueryState>
      </Paper>
    </>
  );
}
