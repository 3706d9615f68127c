import { useMemo } from 'react';
import { Box, Group, Loader, Paper, SegmentedControl, Text } from '@mantine/core';
import { useDebouncedValue, useElementSize } from '@mantine/hooks';
import type { TTemplateField, TTemplateType } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useTemplatePreview, type PreviewSample } from '../../api/use-templates';

/** The page the preview lays out on: about an A4 sheet at 96 dpi. */
const PAGE_WIDTH = 820;
const PAGE_HEIGHT = 1160;

/**
 * The template as the server fills it with sample data (its extra `fields`
 * with their labels as values), in a sandboxed frame:
 * `sandbox=""` runs no scripts and gives the page no access to the app, so the
 * user's HTML never enters the app's own DOM. The page is scaled to fit.
 */
export function TemplatePreview({
  type,
  html,
  fields,
  sample,
  onSampleChange,
}: {
  type: TTemplateType;
  html: string;
  fields: TTemplateField[];
  /** An invoice template's sample: an invoice or a quote (number, title). */
  sample: PreviewSample;
  onSampleChange: (s: PreviewSample) => void;
}) {
  const [debounced] = useDebouncedValue(html, 400);
  // Compared as text: a new but equal array must not restart the wait.
  const [fieldsText] = useDebouncedValue(JSON.stringify(fields), 400);
  const debouncedFields = useMemo(() => JSON.parse(fieldsText) as TTemplateField[], [fieldsText]);
  const preview = useTemplatePreview(type, debounced, debouncedFields, sample);
  const { ref, width } = useElementSize();
  const scale = width > 0 ? Math.min(1, width / PAGE_WIDTH) : 1;
  const waiting = preview.isFetching || debounced !== html;

  return (
    <Paper withBorder p="sm" bg="gray.0">
      <Group justify="space-between" mb="xs" mih={22}>
        <Text size="sm" fw={600}>
          Preview
        </Text>
        <Group gap="xs">
          {waiting && <Loader size="xs" aria-label="Updating preview" />}
          {type === 'invoice' && (
            <SegmentedControl
              size="xs"
              aria-label="Sample data"
              value={sample}
              onChange={(s) => onSampleChange(s as PreviewSample)}
              data={[
                { value: 'invoice', label: 'As invoice' },
                { value: 'quote', label: 'As quote' },
              ]}
            />
          )}
        </Group>
      </Group>
      {preview.error ? (
        <Text c="red" size="sm" role="alert">
          {errorMessage(preview.error)}
        </Text>
      ) : null}
      <Box ref={ref} style={{ height: PAGE_HEIGHT * scale, overflow: 'hidden' }}>
        {preview.data && (
          <iframe
            title="Template preview"
            sandbox=""
            srcDoc={preview.data.html}
            style={{
              width: PAGE_WIDTH,
              height: PAGE_HEIGHT,
              border: 0,
              background: 'white',
              boxShadow: '0 1px 4px rgba(0,0,0,.15)',
              transform: `scale(${scale})`,
              transformOrigin: 'top left',
            }}
          />
        )}
      </Box>
    </Paper>
  );
}
