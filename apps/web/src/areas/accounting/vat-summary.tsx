import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type Period } from '@fieldbook/core';
import { useVatSummary } from '../../api/use-accounting';
import { QueryState } from '../../ui/query-state';

function Figure({ label, field, children }: { label: string; field: string; children: ReactNode }) {
  return (
    <Stack gap={2} role="group" aria-label={label}>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase">
        {label}{' '}
        <Text span inherit fw={400}>
          ({field})
        </Text>
      </Text>
      <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The period's VAT201 figures, beyond the spec: what a South African return
 * asks for, as far as the data goes (the server's note says what is missing).
 */
export function VatSummary({ period }: { period: Period }) {
  const vat = useVatSummary(period);
  return (
    <Paper withBorder radius="md" p="md" mt="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          VAT summary
        </Title>
        {vat.data && (
          <Text size="sm" c="dimmed">
            {vat.data.invoices} invoice{vat.data.invoices === 1 ? '' : 's'}
            {vat.data.creditNotes > 0 &&
              `, ${vat.data.creditNotes} credit note${vat.data.creditNotes === 1 ? '' : 's'}`}
          </Text>
        )}
      </Group>
      <QueryState query={vat}>
        {(v) => (
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
              <Figure label="Standard-rated supplies" field="1">
                {formatMoney(v.fields.field1)}
              </Figure>
              <Figure label="Zero-rated supplies" field="2">
                {formatMoney(v.fields.field2)}
              </Figure>
              <Figure label="Output VAT" field="13">
                {formatMoney(v.outputVat)}
              </Figure>
              <Figure label="VAT on credit notes" field="18">
                {formatMoney(v.fields.field18)}
              </Figure>
              <Figure label="Input VAT" field="19">
                {formatMoney(v.inputVat)}
              </Figure>
              <Figure label={v.difference < 0 ? 'VAT refundable' : 'VAT payable'} field="20">
                {formatMoney(Math.abs(v.difference))}
              </Figure>
            </SimpleGrid>
            {v.note && (
              <Text size="xs" c="dimmed">
                {v.note}
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </Paper>
  );
}
