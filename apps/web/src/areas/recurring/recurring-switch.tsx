import { Anchor, Group, Select, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RECURRING_FREQUENCIES, type TRecurringFrequency } from '@fieldbook/core';

export const FREQUENCY_OPTIONS: { value: TRecurringFrequency; label: string }[] = [
  { value: 'day', label: 'Daily' },
  { value: 'week', label: 'Weekly' },
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Yearly' },
];

/** A stored recurringType as a frequency (older documents may hold other words). */
export const asFrequency = (s: string): TRecurringFrequency =>
  (RECURRING_FREQUENCIES as readonly string[]).includes(s) ? (s as TRecurringFrequency) : 'month';

interface SwitchProps {
  checked: boolean;
  frequency: string;
  onChecked: (on: boolean) => void;
  onFrequency: (f: TRecurringFrequency) => void;
}

/**
 * The recurring switch of the invoice editor and the expense form (spec §2):
 * on, the save makes a recurring item from the document with this frequency.
 */
export function RecurringSwitch({ checked, frequency, onChecked, onFrequency }: SwitchProps) {
  return (
    <Group gap="md" align="center" wrap="wrap">
      <Switch
        label="Recurring"
        checked={checked}
        onChange={(e) => onChecked(e.currentTarget.checked)}
      />
      {checked && (
        <Select
          aria-label="Frequency"
          placeholder="Frequency"
          w={160}
          allowDeselect={false}
          data={FREQUENCY_OPTIONS}
          value={asFrequency(frequency)}
          onChange={(f) => f && onFrequency(f as TRecurringFrequency)}
        />
      )}
    </Group>
  );
}

/** The note after a save with the switch on: where the recurring item is. */
export function RecurringNote({ type }: { type: 'invoices' | 'expenses' }) {
  return (
    <Text size="sm">
      This {type === 'invoices' ? 'invoice' : 'expense'} repeats:{' '}
      <Anchor component={Link} to={`/recurring?type=${type}`}>
        see the recurring {type}
      </Anchor>
      .
    </Text>
  );
}
