import { Paper, Stack, Text, Title } from '@mantine/core';
import { useItems } from '../../api/use-items';
import { AddLineForm } from '../invoices/add-line-form';
import type { InvoiceForm } from '../invoices/invoice-form';
import { LineItemsTable } from '../invoices/line-items-table';

/**
 * A recurring job's lines: the job is made with them on each date, and they
 * are the invoice it makes when invoiced (the accounting-package CSV counts
 * them so; docs/recurring.md). Optional: a job without lines makes no invoice.
 */
export function JobLinesFields({ form }: { form: InvoiceForm }) {
  const items = useItems();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Line items
      </Title>
      <Text size="sm" c="dimmed">
        Each job starts with these lines; they make its invoice.
      </Text>
      <Paper withBorder p="sm">
        <LineItemsTable form={form} editing />
        <Paper mt="md" p="md" bg="gray.0" radius="md">
          <AddLineForm form={form} items={items.data ?? []} />
        </Paper>
      </Paper>
    </Stack>
  );
}
