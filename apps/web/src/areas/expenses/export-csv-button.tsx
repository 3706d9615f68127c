import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { Period } from '@fieldbook/core';
import { downloadExpensesCsv } from '../../api/use-exports';
import { useCurrentCompany } from '../../app/company-context';

/** The expenses list's accounting-package csv (spec §4): the period's expenses with their account codes. */
export function ExportCsvButton({ period }: { period: Period }) {
  const { companyId } = useCurrentCompany();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadExpensesCsv(companyId, period);
    } catch (e) {
      notifications.show({
        color: 'red',
        title: 'Not downloaded',
        message: e instanceof Error ? e.message : 'Please try again',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={busy}
      onClick={() => void run()}
    >
      Export csv
    </Button>
  );
}
