import { Button, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconLink } from '@tabler/icons-react';

/**
 * "Copy public link": the invoice's /view/... page, which the client opens
 * without signing in. An invoice without a client has no public page yet.
 */
export function CopyPublicLinkButton({ url }: { url: string | null }) {
  const clipboard = useClipboard({ timeout: 2000 });
  const copy = () => {
    if (!url) return;
    clipboard.copy(url);
    notifications.show({ color: 'green', message: 'Public link copied' });
  };
  const button = (
    <Button
      size="xs"
      variant="light"
      leftSection={clipboard.copied ? <IconCheck size={14} /> : <IconLink size={14} />}
      disabled={!url}
      onClick={copy}
    >
      {clipboard.copied ? 'Copied' : 'Copy public link'}
    </Button>
  );
  return url ? (
    button
  ) : (
    <Tooltip label="Choose a client first: the public page is the client's">
      <span>{button}</span>
    </Tooltip>
  );
}
