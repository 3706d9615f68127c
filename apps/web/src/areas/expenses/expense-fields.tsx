import { Select, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import type { UseFormReturnType } from '@mantine/form';
import { PAYMENT_METHODS, type TSupplier } from '@fieldbook/core';
import { LedgerAccountSelect } from '../accounting';
import { RecurringSwitch } from '../recurring/recurring-switch';
import type { ExpenseValues } from './expense-values';

const supplierName = (s: TSupplier) => `${s.name} ${s.surname}`.trim();

interface ExpenseFieldsProps {
  form: UseFormReturnType<ExpenseValues>;
  suppliers: TSupplier[];
  /** Without Expense Date and Due Date (a recurring expense's dates come from its rule). */
  withDates?: boolean;
  /** The recurring switch and Frequency: for a new expense only (spec §4). */
  withRecurring?: boolean;
}

/** The inputs of the expense form in edit mode. */
export function ExpenseFields({
  form,
  suppliers,
  withDates = true,
  withRecurring = false,
}: ExpenseFieldsProps) {
  const v = form.getValues();
  const supplierProps = form.getInputProps('supplierId');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {withDates && (
        <>
          <DateInput
            label="Expense Date"
            valueFormat="YYYY-MM-DD"
            withAsterisk
            {...form.getInputProps('expenseDate')}
          />
          <DateInput
            label="Due Date"
            valueFormat="YYYY-MM-DD"
            clearable
            {...form.getInputProps('dueDate')}
          />
        </>
      )}
      <Select
        label="Supplier"
        placeholder="No supplier"
        searchable
        clearable
        nothingFoundMessage="No supplier with that name"
        data={suppliers.map((s) => ({ value: s._id, label: supplierName(s) }))}
        {...supplierProps}
        onChange={(id) => {
          supplierProps.onChange(id);
          // Choosing a supplier fills To, which stays editable.
          const s = suppliers.find((x) => x._id === id);
          if (s) form.setFieldValue('to', supplierName(s));
        }}
      />
      <TextInput label="To" {...form.getInputProps('to')} />
      <Textarea
        label="Description"
        withAsterisk
        autosize
        minRows={2}
        maxRows={6}
        style={{ gridColumn: '1 / -1' }}
        {...form.getInputProps('description')}
      />
      <TextInput
        label="Purchase Amount"
        withAsterisk
        inputMode="decimal"
        placeholder="0,00"
        leftSection="R"
        {...form.getInputProps('price')}
      />
      <LedgerAccountSelect
        side="cost"
        value={v.ledgerAccountId}
        onChange={(id) => form.setFieldValue('ledgerAccountId', id)}
        error={form.errors.ledgerAccountId}
      />
      <Switch label="Paid" mt="xs" {...form.getInputProps('paid', { type: 'checkbox' })} />
      {v.paid ? (
        <Select
          label="Payment Method"
          placeholder="Choose a method"
          clearable
          data={[...PAYMENT_METHODS]}
          {...form.getInputProps('methodPaid')}
        />
      ) : (
        <div />
      )}
      <Switch
        label="Has Warranty"
        mt="xs"
        {...form.getInputProps('hasWarranty', { type: 'checkbox' })}
      />
      {v.hasWarranty ? (
        <DateInput
          label="Warranty date"
          valueFormat="YYYY-MM-DD"
          withAsterisk
          {...form.getInputProps('warrantyValidDate')}
        />
      ) : (
        <div />
      )}
      {withRecurring && (
        <div style={{ gridColumn: '1 / -1' }}>
          <RecurringSwitch
            checked={v.isRecurring}
            frequency={v.recurringType}
            onChecked={(on) => form.setFieldValue('isRecurring', on)}
            onFrequency={(f) => form.setFieldValue('recurringType', f)}
          />
        </div>
      )}
    </SimpleGrid>
  );
}
