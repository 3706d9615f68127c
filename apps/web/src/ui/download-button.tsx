import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useDownload } from './use-download';

/**
 * A button that fetches a file and hands it to the browser (useDownload):
 * busy while it runs, and a red notice saying why when the download fails.
 */
export function DownloadButton({
  label,
  download,
}: {
  label: string;
  download: () => Promise<void>;
}) {
  const { busy, run } = useDownload(download);
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
