import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';

/**
 * A button that fetches a file and hands it to the browser: busy while it
 * runs, and a red notice saying why when the download fails.
 */
export function DownloadButton({
  label,
  download,
}: {
  label: string;
  download: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
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
      {label}
    </Button>
  );
}
