import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { invoiceBalance, formatMoney, taxRows, type TTax, type Totals } from '@fieldbook/core';

interface RowProps {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}

function Row({ label, value, testId, strong }: RowProps) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid={`totals-${testId}`}
      >
        {value}
      </Text>
    </Group>
  );
}

interface TotalsPanelProps {
  totals: Totals;
  tax: TTax;
  discountLabel: string | null;
  /** Shown for a saved invoice: the amount paid, to work out the balance. */
  amountPaid: number | null;
  /** What credit notes took off the balance (docs/payments.md). */
  amountCredited?: number;
}

/** Subtotal, discount, taxes and total of the form as it stands (core's computeTotals). */
export function TotalsPanel({
  totals,
  tax,
  discountLabel,
  amountPaid,
  amountCredited = 0,
}: TotalsPanelProps) {
  // Inclusive taxes are marked 'incl.', deductible ones shown as subtracted (core's taxRows).
  const { tax1: t1, tax2: t2 } = taxRows(tax, totals);
  return (
    <Paper withBorder p="md" aria-label="Totals" bg="gray.0">
      <Stack gap={6}>
        <Row label="Subtotal" testId="subtotal" value={formatMoney(totals.subtotal)} />
        {discountLabel && (
          <Row label={discountLabel} testId="discount" value={formatMoney(-totals.discount)} />
        )}
        {t1 && <Row label={t1.label} testId="tax1" value={formatMoney(t1.amount)} />}
        {t2 && <Row label={t2.label} testId="tax2" value={formatMoney(t2.amount)} />}
        <Divider my={4} />
        <Row label="Total" testId="total" value={formatMoney(totals.total)} strong />
        {amountPaid !== null && (
          <>
            {amountPaid !== 0 && (
              <Row label="Amount paid" testId="paid" value={formatMoney(-amountPaid)} />
            )}
            {amountCredited !== 0 && (
              <Row label="Credited" testId="credited" value={formatMoney(-amountCredited)} />
            )}
            <Row
              label="Balance"
              testId="balance"
              value={formatMoney(invoiceBalance(totals.total, amountPaid, amountCredited))}
              strong
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
