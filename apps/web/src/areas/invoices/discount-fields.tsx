import { Group, NumberInput, SegmentedControl, Switch, Text } from '@mantine/core';
import type { InvoiceForm } from './invoice-form';

/** Discount on or off, a percentage of the subtotal or a fixed amount (spec §5). */
export function DiscountFields({ form, editing }: { form: InvoiceForm; editing: boolean }) {
  const { discount } = form.values;
  const isAmount = discount.discountType === 'Amount';
  return (
    <div>
      <Switch
        label="Discount"
        disabled={!editing}
        {...form.getInputProps('discount.hasDiscount', { type: 'checkbox' })}
      />
      {discount.hasDiscount && (
        <Group gap="sm" mt="sm" align="flex-end">
          <div>
            <Text size="sm" fw={500} mb={4}>
              Discount type
            </Text>
            <SegmentedControl
              aria-label="Discount type"
              disabled={!editing}
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
            readOnly={!editing}
            w={140}
            {...form.getInputProps('discount.discountValue')}
          />
        </Group>
      )}
    </div>
  );
}
