import {
  Alert,
  Anchor,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TImportResult } from '@fieldbook/core';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm" radius="md" role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** How many records the import made (or, in a preview, would make). */
export function ImportCounts({ result }: { result: TImportResult }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }}>
      <Count label="Clients" value={result.created.clients} />
      <Count label="Invoices" value={result.created.invoices} />
      <Count label="Incidents" value={result.created.incidents} />
      <Count label="Skipped" value={result.skipped} />
    </SimpleGrid>
  );
}

function RowErrors({ errors }: { errors: TImportResult['errors'] }) {
  if (errors.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={4} c="red.8">
        Row errors ({errors.length})
      </Title>
      <Table.ScrollContainer minWidth={420}>
        <Table aria-label="Row errors" striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Row</Table.Th>
              <Table.Th w={160}>Field</Table.Th>
              <Table.Th>Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((e, i) => (
              <Table.Tr key={`${e.row}-${e.field}-${i}`}>
                <Table.Td>{e.row}</Table.Td>
                <Table.Td>{e.field}</Table.Td>
                <Table.Td c="red.8">{e.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function PreviewRows({ result }: { result: TImportResult }) {
  const columns = result.columns.length ? result.columns : Object.keys(result.preview[0] ?? {});
  if (result.preview.length === 0) return <Text c="dimmed">The file has no rows.</Text>;
  return (
    <Stack gap="xs">
      <Title order={4}>First rows</Title>
      <Table.ScrollContainer minWidth={Math.max(480, columns.length * 110)}>
        <Table aria-label="Preview rows" striped withTableBorder withColumnBorders fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={50}>#</Table.Th>
              {columns.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.preview.map((row, i) => (
              <Table.Tr key={i}>
                <Table.Td c="dimmed">{i + 1}</Table.Td>
                {columns.map((c) => (
                  <Table.Td key={c}>{row[c] ?? ''}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The answer of a Preview (dryRun): what was read and what an import would do. */
export function ImportPreview({
  result,
  expected,
}: {
  result: TImportResult;
  expected: readonly string[];
}) {
  const missing = expected.filter((c) => !result.columns.includes(c));
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={4}>Columns recognised</Title>
        <Group gap={6}>
          {result.columns.map((c) => (
            <Badge key={c} color="green" variant="light" tt="none">
              {c}
            </Badge>
          ))}
          {result.columns.length === 0 && <Text c="red.8">No known column was found.</Text>}
        </Group>
        {missing.length > 0 && (
          <Text size="sm" c="dimmed">
            Not in the file: {missing.join(', ')}
          </Text>
        )}
      </Stack>
      <PreviewRows result={result} />
      <RowErrors errors={result.errors} />
      <Stack gap="xs">
        <Title order={4}>An import would create</Title>
        <ImportCounts result={result} />
      </Stack>
    </Stack>
  );
}

/** The answer of an Import: what was created, and where the incidents are. */
export function ImportSummary({ result }: { result: TImportResult }) {
  const incidents = result.created.incidents;
  const skipped = result.skipped;
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCircleCheck size={18} />} title="Import finished">
        {skipped === 0
          ? 'Every row was imported.'
          : `${skipped === 1 ? '1 row was' : `${skipped} rows were`} skipped because of the errors below.`}
      </Alert>
      <ImportCounts result={result} />
      {incidents > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
          {incidents === 1 ? '1 incident was' : `${incidents} incidents were`} raised for client
          names that matched no client, or several.{' '}
          <Anchor component={Link} to="/incidents" fw={600}>
            Go to Incidents
          </Anchor>
        </Alert>
      )}
      <RowErrors errors={result.errors} />
    </Stack>
  );
}
