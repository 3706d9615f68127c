import { Anchor, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFile, IconUpload } from '@tabler/icons-react';
import { formatDate, type TClientDetail, type TClientDocument } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useClientDownloads, useUploadClientDocument } from '../../api/use-clients';
import { useCurrentCompany } from '../../app/company-context';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The client's documents with download links, and an upload button. */
export function ClientDocuments({
  client,
  canUpload,
}: {
  client: TClientDetail;
  canUpload: boolean;
}) {
  const upload = useUploadClientDocument(client._id);
  const downloads = useClientDownloads();
  const timeZone = useCurrentCompany().company?.timeZone;

  const download = (doc: TClientDocument) =>
    downloads
      .document(client._id, doc)
      .catch((e: unknown) =>
        notifications.show({ color: 'red', title: 'Not downloaded', message: errorMessage(e) }),
      );

  const send = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Document uploaded' }),
      onError: (e) =>
        notifications.show({ color: 'red', title: 'Not uploaded', message: errorMessage(e) }),
    });
  };

  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="h4">
          Documents
        </Title>
        {canUpload && (
          <FileButton onChange={send}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconUpload size={14} />}
                loading={upload.isPending}
              >
                Upload document
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {client.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          No documents yet.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {client.documents.map((doc) => (
            <Group key={doc._id} component="li" gap="sm" wrap="nowrap">
              <IconFile size={18} aria-hidden />
              <Anchor
                component="button"
                type="button"
                onClick={() => void download(doc)}
                style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
              >
                {doc.name}
              </Anchor>
              <Text size="xs" c="dimmed" ml="auto" style={{ whiteSpace: 'nowrap' }}>
                {sizeText(doc.size)} · {formatDate(doc.createdAt, timeZone)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
