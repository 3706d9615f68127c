import { Button, Group, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconChecks, IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react';
import {
  EXPORT_MSG,
  can,
  type MemberAccess,
  type Period,
  type TExportFormat,
} from '@fieldbook/core';
import { useCurrentCompany } from '../../app/company-context';
import {
  downloadInvoicesCsv,
  useInvalidateInvoices,
  useProcessInvoices,
} from '../../api/use-exports';
import { useDownload } from '../../ui/use-download';

const failed = (e: unknown) =>
  notifications.show({
    color: 'red',
    title: 'Not done',
    message: e instanceof Error ? e.message : 'Please try again',
  });

/**
 * The invoices list's accounting-package csv (spec §4, §7, §8): Sage asks
 * whether to mark the period's invoices resolved (Resolve all / Just
 * download), Xero downloads; Process marks the period's unpaid invoices paid.
 */
export function AccountingCsvMenu({
  period,
  member,
}: {
  period: Period;
  member: MemberAccess | null;
}) {
  const { companyId } = useCurrentCompany();
  const process = useProcessInvoices();
  const reload = useInvalidateInvoices();
  const canUpdate = can(member, 'invoices', 'u');

  const { busy, run: download } = useDownload(async (format: TExportFormat, resolve: boolean) => {
    await downloadInvoicesCsv(companyId, period, format, resolve);
    if (resolve) await reload();
  }, 'Not done');

  const sage = () => {
    // A member who may not update invoices can only download.
    if (!canUpdate) return void download('sage', false);
    const id = modals.open({
      title: 'Sage csv',
      children: (
        <>
          <Text size="sm" mb="xs">
            {EXPORT_MSG.confirmResolve}
          </Text>
          <Text size="sm" c="dimmed" mb="md">
            {EXPORT_MSG.explainResolve}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                modals.close(id);
                void download('sage', false);
              }}
            >
              Just download
            </Button>
            <Button
              onClick={() => {
                modals.close(id);
                void download('sage', true);
              }}
            >
              Resolve all
            </Button>
          </Group>
        </>
      ),
    });
  };

  const processPeriod = () =>
    modals.openConfirmModal({
      title: 'Please confirm',
      children: <Text size="sm">{EXPORT_MSG.confirmProcess}</Text>,
      labels: { confirm: 'Process', cancel: 'Cancel' },
      onConfirm: () =>
        process.mutate(period, {
          onSuccess: (r) => notifications.show({ color: 'green', message: r.message }),
          onError: failed,
        }),
    });

  return (
    <Group gap="xs" wrap="nowrap">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            rightSection={<IconChevronDown size={14} />}
            loading={busy}
          >
            Accounting csv
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={sage}>Sage</Menu.Item>
          <Menu.Item onClick={() => void download('xero', false)}>Xero</Menu.Item>
          <Menu.Item onClick={() => void download('xero-credit-notes', false)}>
            Xero credit notes
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {canUpdate && (
        <Button
          variant="default"
          leftSection={<IconChecks size={16} />}
          loading={process.isPending}
          onClick={processPeriod}
        >
          Process
        </Button>
      )}
    </Group>
  );
}
