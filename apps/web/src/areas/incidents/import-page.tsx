import { useState } from 'react';
import {
  Button,
  Code,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconEye, IconFileUpload, IconUpload } from '@tabler/icons-react';
import { IMPORT_COLUMNS, type ImportKind } from '@fieldbook/core';
import { useImportCsv } from '../../api/use-import';
import { useCurrentCompany } from '../../app/company-context';
import { PageHeader } from '../../ui/page-header';
import { ErrorAlert } from '../../ui/query-state';
import { IMPORT_KINDS } from './import-columns';
import { canImport } from './import-csv-button';
import { ImportPreview, ImportSummary } from './import-preview';
import { useScreenSearchParams } from '../../ui/use-screen-search';

/** /import: clients or invoices from a CSV file, previewed before they are written. */
export function ImportPage() {
  const { member } = useCurrentCompany();
  // /import?kind=invoices opens on invoices (the invoices list links here so).
  const [params] = useScreenSearchParams();
  const [kind, setKind] = useState<ImportKind>(
    params.get('kind') === 'invoices' ? 'invoices' : 'clients',
  );
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [readError, setReadError] = useState<unknown>(null);
  const run = useImportCsv();
  // Clients are imported under the clients area, invoices under invoices (DECISIONS §2).
  const allowed = canImport(member, kind);
  const result = run.data;

  const changeCsv = (text: string, name: string | null) => {
    setCsv(text);
    setFileName(name);
    run.reset();
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    setReadError(null);
    try {
      changeCsv(await file.text(), file.name);
    } catch {
      setReadError(new Error(`The file ${file.name} could not be read`));
    }
  };

  const submit = (dryRun: boolean) =>
    run.mutate(
      { kind, csv, dryRun },
      {
        // Imported rows must not be imported twice by a second click.
        onSuccess: (r) => {
          if (r.dryRun) return;
          setCsv('');
          setFileName(null);
        },
      },
    );

  return (
    <>
      <PageHeader
        title="Import"
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Incidents', to: '/incidents' },
          { label: 'Import' },
        ]}
        description="Bring clients or invoices in from a CSV file. Preview first; nothing is written until Import."
      />
      <Stack gap="md">
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <SegmentedControl
              aria-label="What to import"
              w="fit-content"
              data={IMPORT_KINDS}
              value={kind}
              onChange={(v) => {
                setKind(v as ImportKind);
                run.reset();
              }}
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                Expected columns (first row of the file)
              </Text>
              <Code block tabIndex={0}>
                {IMPORT_COLUMNS[kind].join(',')}
              </Code>
            </div>
            <Group gap="sm">
              <FileButton onChange={(f) => void pick(f)} accept=".csv,text/csv,text/plain">
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconFileUpload size={16} />}>
                    Choose CSV file
                  </Button>
                )}
              </FileButton>
              <Text size="sm" c="dimmed">
                {fileName ?? 'or paste the CSV below'}
              </Text>
            </Group>
            <Textarea
              label="CSV"
              placeholder={`${IMPORT_COLUMNS[kind].join(',')}\n…`}
              autosize
              minRows={5}
              maxRows={14}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              value={csv}
              onChange={(e) => changeCsv(e.currentTarget.value, null)}
            />
            <ErrorAlert error={readError ?? run.error} />
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconEye size={16} />}
                disabled={!csv.trim() || !allowed}
                loading={run.isPending && run.variables.dryRun === true}
                onClick={() => submit(true)}
              >
                Preview
              </Button>
              <Button
                leftSection={<IconUpload size={16} />}
                disabled={!csv.trim() || !allowed || run.isPending}
                loading={run.isPending && run.variables.dryRun === false}
                onClick={() => submit(false)}
              >
                Import
              </Button>
            </Group>
          </Stack>
        </Paper>
        {result && (
          <Paper
            withBorder
            p="lg"
            radius="md"
            role="region"
            aria-label={result.dryRun ? 'Preview' : 'Summary'}
          >
            {result.dryRun ? (
              <ImportPreview result={result} expected={IMPORT_COLUMNS[kind]} />
            ) : (
              <ImportSummary result={result} />
            )}
          </Paper>
        )}
      </Stack>
    </>
  );
}
