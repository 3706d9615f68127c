import { useMemo, useState } from 'react';
import { Button, Group, Tabs, Text, TextInput } from '@mantine/core';
import { IconFileInvoice, IconList, IconPlus, IconRepeat, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  DEFAULT_TIME_ZONE,
  addAmounts,
  can,
  documentNumber,
  formatMoney,
  todayIn,
  type TInvoiceRow,
} from '@fieldbook/core';
import { useInvoiceList, useInvoiceSummary } from '../../api/use-invoices';
import { useCurrentCompany } from '../../app/company-context';
import { ImportCsvButton } from '../incidents/import-csv-button';
import { useGlobalSearch } from '../../app/search-context';
import { PageHeader } from '../../ui/page-header';
import { PeriodFilter } from '../../ui/period-filter';
import { usePeriod } from '../../ui/use-period';
import { QueryState } from '../../ui/query-state';
import { BulkSendButton } from './bulk-send-button';
import { InvoiceBoxes } from './invoice-boxes';
import { InvoiceListTable, rowClient } from './invoice-list-table';
import { PaymentMethodsPie } from './payment-methods-pie';
import { AccountingCsvMenu } from './accounting-csv-menu';

type Tab = 'all' | 'paid' | 'unpaid' | 'quotes';

const inTab: Record<Tab, (r: TInvoiceRow) => boolean> = {
  all: () => true,
  paid: (r) => !r.isQuote && r.paid,
  unpaid: (r) => !r.isQuote && !r.paid,
  quotes: (r) => r.isQuote,
};

/**
 * Spec §4: the two selection rules of the invoices list. An invoice queued for
 * sending counts as sent: picking it again would e-mail it twice.
 */
const notPaidUnsent = (r: TInvoiceRow) => !r.isQuote && !r.paid && !r.sent && !r.queuedForSending;
const notPaid = (r: TInvoiceRow) => !r.isQuote && !r.paid;

/** /invoices: the period's invoices and quotes with totals, tabs and search. */
export function InvoicesPage() {
  const { company, member } = useCurrentCompany();
  const timeZone = company?.timeZone ?? DEFAULT_TIME_ZONE;
  const [period, setPeriod] = usePeriod(company?.timeZone);
  const list = useInvoiceList(period);
  const summary = useInvoiceSummary(period);
  const [tab, setTab] = useState<Tab>('all');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // What the selected invoices still owe.
  const selectedBalance = useMemo(
    () =>
      (list.data ?? [])
        .filter((r) => selected.has(r._id))
        .reduce((sum, r) => addAmounts(sum, r.balance), 0),
    [list.data, selected],
  );
  const today = todayIn(timeZone);

  // The page's own search box and the top bar's search both narrow the rows.
  const { search: globalSearch } = useGlobalSearch();
  const rows = useMemo(() => {
    const needles = [search, globalSearch].map((s) => s.trim().toLowerCase()).filter(Boolean);
    return (list.data ?? []).filter((r) => {
      if (!inTab[tab](r)) return false;
      const hay = `${rowClient(r)} ${documentNumber(r)} ${r.invoiceNumber ?? ''}`.toLowerCase();
      return needles.every((n) => hay.includes(n));
    });
  }, [list.data, tab, search, globalSearch]);

  const selectWhere = (rule: (r: TInvoiceRow) => boolean) =>
    setSelected(new Set((list.data ?? []).filter(rule).map((r) => r._id)));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const counts = summary.data?.counts;
  const tabLabel = (label: string, n: number | undefined) =>
    n === undefined ? label : `${label} (${n})`;

  return (
    <>
      <PageHeader
        title="Invoices"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Invoices' }]}
        actions={
          <>
            {can(member, 'invoices', 'c') && (
              <>
                <Button component={Link} to="/invoices/new" leftSection={<IconPlus size={16} />}>
                  New Invoice
                </Button>
                <Button
                  component={Link}
                  to="/invoices/new?quote=1"
                  variant="light"
                  leftSection={<IconFileInvoice size={16} />}
                >
                  New Quote
                </Button>
              </>
            )}
            <Button
              component={Link}
              to="/items"
              variant="default"
              leftSection={<IconList size={16} />}
            >
              Price list
            </Button>
            <Button
              component={Link}
              to="/recurring?type=invoices"
              variant="default"
              leftSection={<IconRepeat size={16} />}
            >
              Recurring
            </Button>
            <ImportCsvButton kind="invoices" member={member} />
          </>
        }
      />
      <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <PeriodFilter
            value={period}
            onChange={(p) => {
              setPeriod(p);
              setSelected(new Set());
            }}
            timeZone={timeZone}
          />
          <AccountingCsvMenu period={period} member={member} />
        </Group>
        <TextInput
          aria-label="Search by client or number"
          placeholder="Search by client or number"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
        />
      </Group>
      <InvoiceBoxes summary={summary.data} />
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} mb="md">
        <Tabs.List>
          <Tabs.Tab value="all">{tabLabel('All', counts?.all)}</Tabs.Tab>
          <Tabs.Tab value="paid">{tabLabel('Paid', counts?.paid)}</Tabs.Tab>
          <Tabs.Tab value="unpaid">{tabLabel('Un-Paid', counts?.unpaid)}</Tabs.Tab>
          <Tabs.Tab value="quotes">{tabLabel('Quotes', counts?.quotes)}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {tab === 'paid' && summary.data && <PaymentMethodsPie methods={summary.data.methods} />}
      <Group gap="xs" mb="sm" wrap="wrap">
        <Button size="xs" variant="default" onClick={() => selectWhere(notPaidUnsent)}>
          Select Not Paid Unsent
        </Button>
        <Button size="xs" variant="default" onClick={() => selectWhere(notPaid)}>
          Select All Not Paid
        </Button>
        <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
          Clear
        </Button>
        {can(member, 'invoices', 'u') && (
          <BulkSendButton selected={selected} onQueued={() => setSelected(new Set())} />
        )}
        {selected.size > 0 && (
          <Text size="sm" c="dimmed" data-testid="selected-count">
            {selected.size} selected, {formatMoney(selectedBalance)} owed
          </Text>
        )}
      </Group>
      <QueryState query={list}>
        {() => (
          <InvoiceListTable
            rows={rows}
            selected={selected}
            onToggle={toggle}
            today={today}
            timeZone={timeZone}
          />
        )}
      </QueryState>
    </>
  );
}
