import type { ReactNode } from 'react';
import { Badge, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TExpense, TSupplier } from '@fieldbook/core';
import { Money } from '../../ui/money';
import { LedgerAccountName } from '../accounting';
import { FREQUENCY_OPTIONS, RecurringNote } from '../recurring/recurring-switch';

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Stack gap={2} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text component="div" size="sm">
        {children || '—'}
      </Text>
    </Stack>
  );
}

/** Paid or Un-Paid, as in the list. */
export function PaidBadge({ paid }: { paid: boolean }) {
  return (
    <Badge variant="light" color={paid ? 'green' : 'orange'}>
      {paid ? 'Paid' : 'Un-Paid'}
    </Badge>
  );
}

/** The saved expense, read only (the form before Edit is pressed). */
export function ExpenseView({ expense, supplier }: { expense: TExpense; supplier?: TSupplier }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <Field label="Expense Date">{expense.expenseDate}</Field>
      <Field label="Due Date">{expense.dueDate}</Field>
      <Field label="Supplier">{supplier && `${supplier.name} ${supplier.surname}`.trim()}</Field>
      <Field label="To">{expense.to}</Field>
      <Field label="Description" wide>
        <Text inherit style={{ whiteSpace: 'pre-wrap' }}>
          {expense.description}
        </Text>
      </Field>
      <Field label="Purchase Amount">
        <Money value={expense.price} fw={600} />
      </Field>
      <Field label="Paid">
        <PaidBadge paid={expense.paid} />
        {expense.paid && expense.methodPaid && (
          <Text span size="sm" ml="xs">
            {expense.methodPaid}
          </Text>
        )}
      </Field>
      <Field label="Cost account">
        <LedgerAccountName id={expense.ledgerAccountId} />
      </Field>
      <Field label="Warranty">
        {expense.hasWarranty ? `Valid until ${expense.warrantyValidDate ?? '—'}` : 'No warranty'}
      </Field>
      {expense.isRecurring && (
        <Field label="Recurring">
          {FREQUENCY_OPTIONS.find((f) => f.value === expense.recurringType)?.label ??
            expense.recurringType}
          <RecurringNote type="expenses" />
        </Field>
      )}
    </SimpleGrid>
  );
}
