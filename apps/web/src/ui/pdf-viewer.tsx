import { useEffect, useState } from 'react';
import { Box, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { fetchFile, saveBlob } from '../api/download';
import { ErrorAlert } from './query-state';

export interface PdfViewerProps {
  opened: boolean;
  onClose: () => void;
  /** The modal's title (also its accessible name), e.g. 'Invoice INV00042'. */
  title: string;
  /** The API path of the PDF (under /api), e.g. `/companies/{cid}/invoices/{id}/download`. */
  path: string;
  /** When given, the PDF is POSTed for with this JSON body (e.g. a template's Generate PDF). */
  body?: unknown;
  /** The download's name when the server sends no Content-Disposition file name. */
  fallbackName?: string;
}

type Loaded =
  | { state: 'loading' }
  | { state: 'error'; error: unknown }
  | { state: 'ready'; url: string; blob: Blob; fileName: string };

// The frame fills the screen's height less the modal's header and toolbar.
const FRAME_HEIGHT = 'max(420px, calc(100dvh - 190px))';

/**
 * A modal that fetches a PDF with the session headers into a blob URL, shows
 * it in the browser's own PDF viewer, and offers Download with the server's
 * file name. The blob URL is revoked when the viewer closes.
 */
export function PdfViewer({ opened, onClose, title, path, body, fallbackName }: PdfViewerProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  // A new path or body is a new document: the body remounts and fetches again.
  const bodyKey = body === undefined ? '' : JSON.stringify(body);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={1000}
      fullScreen={narrow}
      centered
      padding="md"
    >
      {opened && (
        <PdfFrame
          key={`${path}\n${bodyKey}`}
          path={path}
          bodyKey={bodyKey}
          fallbackName={fallbackName ?? 'document.pdf'}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function PdfFrame({
  path,
  bodyKey,
  fallbackName,
  onClose,
}: {
  path: string;
  bodyKey: string;
  fallbackName: string;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    let url: string | null = null;
    fetchFile(path, bodyKey ? (JSON.parse(bodyKey) as unknown) : undefined).then(
      (file) => {
        if (!live) return;
        // The browser shows a blob as PDF only when the blob says it is one.
        const blob =
          file.blob.type === 'application/pdf'
            ? file.blob
            : new Blob([file.blob], { type: 'application/pdf' });
        url = URL.createObjectURL(blob);
        setLoaded({ state: 'ready', url, blob, fileName: file.fileName ?? fallbackName });
      },
      (error: unknown) => live && setLoaded({ state: 'error', error }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, bodyKey, fallbackName]);

  if (loaded.state === 'loading')
    return (
      <Center h={FRAME_HEIGHT}>
        <Stack align="center" gap="xs">
          <Loader aria-label="Loading PDF" />
          <Text size="sm" c="dimmed">
            Preparing the PDF…
          </Text>
        </Stack>
      </Center>
    );
  if (loaded.state === 'error')
    return (
      <Stack gap="md">
        <ErrorAlert error={loaded.error} title="The PDF could not be made" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed" truncate>
          {loaded.fileName}
        </Text>
        <Group gap="sm" wrap="nowrap">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            leftSection={<IconDownload size={16} />}
            onClick={() => saveBlob(loaded.blob, loaded.fileName)}
          >
            Download
          </Button>
        </Group>
      </Group>
      <Box
        component="object"
        data={loaded.url}
        type="application/pdf"
        aria-label={loaded.fileName}
        w="100%"
        h={FRAME_HEIGHT}
        bd="1px solid var(--mantine-color-gray-3)"
        style={{ display: 'block', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        {/* Browsers without a PDF viewer (most phones) show this instead. */}
        <Center h="100%" p="xl">
          <Stack align="center" gap="sm">
            <Text ta="center">This browser cannot show the PDF here.</Text>
            <Button
              leftSection={<IconDownload size={16} />}
              onClick={() => saveBlob(loaded.blob, loaded.fileName)}
            >
              Download {loaded.fileName}
            </Button>
          </Stack>
        </Center>
      </Box>
    </Stack>
  );
}
