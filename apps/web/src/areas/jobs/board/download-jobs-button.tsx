import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { downloadJobsCsv } from '../../../api/use-jobs';
import { useCurrentCompany } from '../../../app/company-context';

/**
 * The appointments CSV (spec §9: Number, Reported Date, Cleared Date, Current
 * Status, Fault, Resolution) of every job of the company, from the board's top
 * bar (appointments r, as the board itself).
 */
export function DownloadJobsButton() {
  const { companyId } = useCurrentCompany();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadJobsCsv(companyId ?? '');
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
      Download CSV
    </Button>
  );
}
