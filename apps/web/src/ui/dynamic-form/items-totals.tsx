import {
  Divider,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { formatMoney, taxRows, type TTax } from '@fieldbook/core';
import { formTotals, type DynamicValues } from './form-values';

interface TotalsProps {
  values: DynamicValues;
  onChange: (patch: Partial<DynamicValues>) => void;
  tax: TTax;
  locked: boolean;
  showTax: boolean;
}

/** Discount on or off (percentage or amount) and the totals by core's computeTotals. */
export function DiscountAndTotals({ values, onChange, tax, locked, showTax }: TotalsProps) {
  const d = values.discount;
  const isAmount = d.discountType === 'Amount';
  const shownTax = showTax ? tax : { ...tax, hasTax: false, hasSecondTax: false };
  const totals = formTotals(values, tax);
  const rows = taxRows(shownTax, totals);
  const setD = (patch: Partial<typeof d>) => onChange({ discount: { ...d, ...patch } });
  const row = (label: string, value: number, id: string, strong = false) => (
    <Group justify="space-between" key={id}>
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} data-testid={`job-totals-${id}`}>
        {formatMoney(value)}
      </Text>
    </Group>
  );
  return (
    // One column on a phone: the totals take the full width (a wrapped grow
    // group kept them at half of it).
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <Stack gap="xs">
        <Switch
          label="Discount"
          checked={d.hasDiscount}
          disabled={locked}
          onChange={(e) => setD({ hasDiscount: e.currentTarget.checked })}
        />
        {d.hasDiscount && (
          <Group gap="xs" align="flex-end">
            <SegmentedControl
              aria-label="Discount type"
              data={['Percentage', 'Amount']}
              disabled={locked}
              value={isAmount ? 'Amount' : 'Percentage'}
              onChange={(v) => setD({ discountType: v as 'Amount' })}
            />
            <NumberInput
              label={isAmount ? 'Discount amount' : 'Discount %'}
              w={120}
              min={0}
              max={isAmount ? undefined : 100}
              decimalScale={2}
              readOnly={locked}
              value={d.discountValue}
              onChange={(v) => setD({ discountValue: v })}
            />
          </Group>
        )}
      </Stack>
      <Paper withBorder p="sm" bg="gray.0" aria-label="Totals">
        <Stack gap={4}>
          {row('Subtotal', totals.subtotal, 'subtotal')}
          {d.hasDiscount && row('Discount', -totals.discount, 'discount')}
          {rows.tax1 && row(rows.tax1.label, rows.tax1.amount, 'tax1')}
          {rows.tax2 && row(rows.tax2.label, rows.tax2.amount, 'tax2')}
          <Divider />
          {row('Total', totals.total, 'total', true)}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
