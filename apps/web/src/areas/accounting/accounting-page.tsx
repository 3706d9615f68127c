import { useMemo, useState } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf, IconPlus } from '@tabler/icons-react';
import { can, layoutIncomeStatement, monthsBetween, type TLedgerAccount } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import {
  useDeleteLedgerAccount,
  useDownloadProfitAndLoss,
  useIncomeStatement,
  useLedgerAccounts,
  type StatementCell,
} from '../../api/use-accounting';
import { useCurrentCompany } from '../../app/company-context';
import { pageLoading } from '../../app/lazy-route';
import { NotFoundPage } from '../../app/not-found-page';
import { confirmDelete } from '../../ui/confirm';
import { PageHeader } from '../../ui/page-header';
import { PeriodFilter } from '../../ui/period-filter';
import { usePeriod } from '../../ui/use-period';
import { ErrorAlert, QueryState } from '../../ui/query-state';
import { AccountItemsModal } from './account-items-modal';
import { AccountModal } from './account-modal';
import { IncomeStatementTable } from './income-statement-table';
import { VatSummary } from './vat-summary';

/** The financial year (DECISIONS §5: on this screen the filter starts on it). */
const FINANCIAL_YEAR = 1;

/**
 * /accounting: the income statement of a period (a column per month), the
 * ledger accounts (add, edit, delete) and the profit and loss PDF. Needs
 * invoices create (the menu's rule and the server's); without it the screen
 * is not there, as the board does for its own flag.
 */
export function AccountingPage() {
  const { companyId, member, loading } = useCurrentCompany();
  if (loading) return pageLoading;
  if (companyId && !can(member, 'invoices', 'c')) return <NotFoundPage />;
  return <Accounting />;
}

function Accounting() {
  const { company, member } = useCurrentCompany();
  const [period, setPeriod] = usePeriod(company?.timeZone, FINANCIAL_YEAR);
  const accounts = useLedgerAccounts();
  const statement = useIncomeStatement(period);
  const remove = useDeleteLedgerAccount();
  const pdf = useDownloadProfitAndLoss();
  // undefined: closed; null: a new account.
  const [editing, setEditing] = useState<TLedgerAccount | null | undefined>(undefined);
  const [cell, setCell] = useState<StatementCell | null>(null);

  const layout = useMemo(
    () =>
      accounts.data && statement.data
        ? layoutIncomeStatement(
            accounts.data,
            statement.data,
            monthsBetween(period.from, period.to),
          )
        : undefined,
    [accounts.data, statement.data, period.from, period.to],
  );

  const askDelete = (a: TLedgerAccount) =>
    confirmDelete(() =>
      remove.mutate(a._id, {
        onSuccess: () => notifications.show({ color: 'green', message: 'Account deleted' }),
        onError: (err) => notifications.show({ color: 'red', message: errorMessage(err) }),
      }),
    );

  return (
    <>
      <PageHeader
        title="Accounting"
        breadcrumbs={[{ label: 'Dashboard', to: '/' }, { label: 'Accounting' }]}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileTypePdf size={16} />}
              loading={pdf.isPending}
              onClick={() =>
                pdf.mutate(period, {
                  onError: (err) =>
                    notifications.show({ color: 'red', message: errorMessage(err) }),
                })
              }
            >
              PDF Report
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              Add new account
            </Button>
          </Group>
        }
      />
      <Group justify="space-between" mb="md" wrap="wrap">
        <PeriodFilter value={period} onChange={setPeriod} timeZone={company?.timeZone} />
      </Group>
      <ErrorAlert error={accounts.error} />
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <QueryState query={statement}>
          {() =>
            layout ? (
              <IncomeStatementTable
                layout={layout}
                accounts={accounts.data ?? []}
                onOpenCell={setCell}
                // Updating an account needs invoices update on the server.
                onEdit={can(member, 'invoices', 'u') ? setEditing : undefined}
                // The server asks invoices delete of whoever deletes an account.
                onDelete={can(member, 'invoices', 'd') ? askDelete : undefined}
              />
            ) : null
          }
        </QueryState>
      </Paper>
      <VatSummary period={period} />
      {editing !== undefined && (
        <AccountModal account={editing} onClose={() => setEditing(undefined)} />
      )}
      {cell && (
        <AccountItemsModal
          cell={cell}
          accounts={accounts.data ?? []}
          onClose={() => setCell(null)}
        />
      )}
    </>
  );
}
