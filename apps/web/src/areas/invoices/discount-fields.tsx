import { Group, NumberInput, SegmentedControl, Switch, Text } from '@mantine/core';
import { formatMoney } from '@fieldbook/core';
import { num } from './invoice-form';
import { ReadOnlyField } from './read-only-field';
import type { InvoiceForm } from './invoice-form';

/** Discount on or off, a percentage of the subtotal or a fixed amount (spec §5). */
export function DiscountFields({ form, editing }: { form: InvoiceForm; editing: boolean }) {
  const { discount } = form.values;
  const isAmount = discount.discountType === 'Amount';
  if (!editing) {
    const value = num(discount.discountValue) ?? 0;
    return (
      <ReadOnlyField label="Discount">
        {!discount.hasDiscount ? 'None' : isAmount ? formatMoney(value) : `${value}%`}
      </ReadOnlyField>
    );
  }
  return (
    <div>
      <Switch
        label="Discount"
        checked={discount.hasDiscount}
        onChange={(e) => form.setFieldValue('discount.hasDiscount', e.currentTarget.checked)}
      />
      {discount.hasDiscount && (
        <Group gap="sm" mt="sm" align="flex-end">
          <div>
            <Text size="sm" fw={500} mb={4}>
              Discount type
            </Text>
            <SegmentedControl
              aria-label="Discount type"
              data={['Percentage', 'Amount']}
              // 'percent' is an older spelling of 'Percentage'.
              value={isAmount ? 'Amount' : 'Percentage'}
              onChange={(v) => form.setFieldValue('discount.discountType', v as 'Amount')}
            />
          </div>
          <NumberInput
            label={isAmount ? 'Discount amount' : 'Discount %'}
            min={0}
            max={isAmount ? undefined : 100}
            decimalScale={2}
            w={140}
            {...form.getInputProps('discount.discountValue')}
          />
        </Group>
      )}
    </div>
  );
}
