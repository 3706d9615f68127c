import { Group, NumberInput, SegmentedControl, Switch, Text } from '@mantine/core';
import { depositAmount, formatMoney, type TInvoice } from '@fieldbook/core';
import { depositToSave, num, type InvoiceForm } from './invoice-form';
import { ReadOnlyField } from './read-only-field';

/**
 * A quote's deposit (docs/payments.md, "Deposits"): off, a percentage of the
 * total or an amount, with what it comes to (core's `depositAmount`, the
 * server's own); once saved, what is still owed on it.
 */
export function DepositFields({
  form,
  editing,
  total,
  invoice,
}: {
  form: InvoiceForm;
  editing: boolean;
  total: number;
  invoice: TInvoice | undefined;
}) {
  const { deposit } = form.values;
  const isAmount = deposit.type === 'Amount';
  const amount = depositAmount(deposit.hasDeposit ? depositToSave(deposit) : null, total);
  if (!editing) {
    if (!deposit.hasDeposit) return <ReadOnlyField label="Deposit">None</ReadOnlyField>;
    const due = invoice?.depositDue ?? amount;
    return (
      <ReadOnlyField label="Deposit">
        {isAmount ? formatMoney(amount) : `${num(deposit.value) ?? 0}% (${formatMoney(amount)})`}
        {' · '}
        {due > 0 ? `${formatMoney(due)} due` : 'paid'}
      </ReadOnlyField>
    );
  }
  return (
    <div>
      <Switch
        label="Ask for a deposit"
        checked={deposit.hasDeposit}
        onChange={(e) => form.setFieldValue('deposit.hasDeposit', e.currentTarget.checked)}
      />
      {deposit.hasDeposit && (
        <Group gap="sm" mt="sm" align="flex-end" wrap="wrap">
          <div>
            <Text size="sm" fw={500} mb={4}>
              Deposit type
            </Text>
            <SegmentedControl
              aria-label="Deposit type"
              data={['Percentage', 'Amount']}
              value={deposit.type}
              onChange={(v) => form.setFieldValue('deposit.type', v as 'Amount')}
            />
          </div>
          <NumberInput
            label={isAmount ? 'Deposit amount' : 'Deposit %'}
            min={0}
            max={isAmount ? undefined : 100}
            decimalScale={2}
            w={140}
            {...form.getInputProps('deposit.value')}
          />
          <Text size="sm" c="dimmed" pb={8} data-testid="deposit-amount">
            {formatMoney(amount)}
          </Text>
        </Group>
      )}
    </div>
  );
}
