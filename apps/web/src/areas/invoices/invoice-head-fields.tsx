import '@mantine/dates/styles.css';
import { useState } from 'react';
import { Button, Grid, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconUser } from '@tabler/icons-react';
import { addDays, type TInvoice } from '@fieldbook/core';
import { ClientSelectModal, clientName } from './client-select-modal';
import { DUE_DAYS, type InvoiceForm } from './invoice-form';
import { InvoiceExtraFields, InvoiceTemplateSelect } from './invoice-template-fields';
import { ReadOnlyField } from './read-only-field';

interface HeadProps {
  form: InvoiceForm;
  editing: boolean;
  invoice: TInvoice | undefined;
}

function DocNumber({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={label === 'Invoice number' ? 'invoice-number' : 'quote-number'}>
        {value}
      </Text>
    </div>
  );
}

/** The template, Invoice/Quote, the client, the numbers, the two dates and the template's fields. */
export function InvoiceHeadFields({ form, editing, invoice }: HeadProps) {
  const [choosing, setChoosing] = useState(false);
  const v = form.values;
  const clientError = form.errors.entityId;
  const dateLabel = v.isQuote ? 'Quote date' : 'Invoice date';

  const setInvoiceDate = (d: string | null) => {
    if (!d) return;
    // The due date follows while it is still the default 7 days after.
    if (v.dueDate === addDays(v.invoiceDate, DUE_DAYS))
      form.setFieldValue('dueDate', addDays(d, DUE_DAYS));
    form.setFieldValue('invoiceDate', d);
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          <InvoiceTemplateSelect form={form} editing={editing} />
          <SegmentedControl
            aria-label="Invoice or quote"
            w="fit-content"
            disabled={!editing}
            data={['Invoice', 'Quote']}
            value={v.isQuote ? 'Quote' : 'Invoice'}
            onChange={(x) => form.setFieldValue('isQuote', x === 'Quote')}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              Client
            </Text>
            {editing ? (
              <Button
                variant={v.entityId ? 'light' : 'default'}
                color={clientError ? 'red' : undefined}
                leftSection={<IconUser size={16} />}
                onClick={() => setChoosing(true)}
              >
                {v.entityId ? v.to || 'Client' : 'Select client'}
              </Button>
            ) : (
              <Text fw={600} data-testid="invoice-client">
                {v.to || '—'}
              </Text>
            )}
            {v.toEmail && (
              <Text size="sm" c="dimmed" mt={2}>
                {v.toEmail}
              </Text>
            )}
            {clientError && (
              <Text size="xs" c="red" mt={4}>
                {clientError}
              </Text>
            )}
          </div>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="sm">
          <Group gap="xl">
            <DocNumber label="Invoice number" value={invoice?.invoiceNumber} />
            <DocNumber label="Quote number" value={invoice?.quoteNumber} />
          </Group>
          {editing ? (
            <Group gap="sm" grow>
              <DateInput
                label={dateLabel}
                valueFormat="YYYY-MM-DD"
                value={v.invoiceDate}
                onChange={setInvoiceDate}
                error={form.errors.invoiceDate}
              />
              <DateInput
                label="Due date"
                valueFormat="YYYY-MM-DD"
                {...form.getInputProps('dueDate')}
              />
            </Group>
          ) : (
            <Group gap="xl" grow>
              <ReadOnlyField label={dateLabel}>{v.invoiceDate || '—'}</ReadOnlyField>
              <ReadOnlyField label="Due date">{v.dueDate || '—'}</ReadOnlyField>
            </Group>
          )}
        </Stack>
      </Grid.Col>
      <InvoiceExtraFields form={form} editing={editing} />
      <ClientSelectModal
        opened={choosing}
        onClose={() => setChoosing(false)}
        onSelect={(c) => form.setValues({ entityId: c._id, to: clientName(c), toEmail: c.email })}
      />
    </Grid>
  );
}
