import {
  ActionIcon,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { LedgerAccountSelect } from '../accounting';
import type { InvoiceForm, LineValues } from './invoice-form';

/** A visible caption over an input whose accessible name (`aria-label`) says which line it is. */
function Caption({ children }: { children: string }) {
  return (
    <Text size="xs" fw={500} aria-hidden="true" mb={2}>
      {children}
    </Text>
  );
}

/**
 * The document's lines while editing on a phone: one card per line with the
 * table's fields (description, account, code, qty, price, the tax ticks and
 * Remove) at a width a thumb can use, and the line's amount as the table
 * shows it (core `lineAmount`). Inputs keep the table's names ("Qty of line
 * 2"), so a line is found the same way at every size.
 */
export function LineItemCards({
  form,
  amountOf,
}: {
  form: InvoiceForm;
  amountOf: (l: LineValues) => string;
}) {
  const { descriptions: lines, tax } = form.values;
  const path = (i: number, f: keyof LineValues) => `descriptions.${i}.${f}`;
  if (lines.length === 0)
    return (
      <Text c="dimmed" ta="center" size="sm" py="sm">
        No lines yet.
      </Text>
    );
  return (
    <Stack gap="xs" role="list" aria-label="Line items">
      {lines.map((l, i) => (
        <Paper key={l.key} withBorder p="xs" role="listitem" data-testid="line-card">
          <Group justify="space-between" wrap="nowrap" mb={4}>
            <Text fw={600} size="sm">
              Line {i + 1}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              size={44}
              aria-label={`Remove line ${i + 1}`}
              onClick={() => form.removeListItem('descriptions', i)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
          <Caption>Description</Caption>
          <TextInput
            aria-label={`Description of line ${i + 1}`}
            description={l.save ? 'Joins the price list when saved' : undefined}
            {...form.getInputProps(path(i, 'description'))}
          />
          <LedgerAccountSelect
            side="income"
            label={null}
            aria-label={`Account of line ${i + 1}`}
            size="xs"
            variant="filled"
            mt={4}
            value={l.ledgerAccountId}
            onChange={(id) => form.setFieldValue(path(i, 'ledgerAccountId'), id)}
          />
          <Group grow gap="xs" mt="xs" align="flex-start">
            <div>
              <Caption>Code</Caption>
              <TextInput
                aria-label={`Code of line ${i + 1}`}
                {...form.getInputProps(path(i, 'code'))}
              />
            </div>
            <div>
              <Caption>Qty</Caption>
              <NumberInput
                aria-label={`Qty of line ${i + 1}`}
                min={0}
                step={1}
                hideControls
                inputMode="decimal"
                styles={{ input: { textAlign: 'right' } }}
                {...form.getInputProps(path(i, 'qty'))}
              />
            </div>
            <div>
              <Caption>Price</Caption>
              <NumberInput
                aria-label={`Price of line ${i + 1}`}
                min={0}
                decimalScale={2}
                hideControls
                inputMode="decimal"
                styles={{ input: { textAlign: 'right' } }}
                {...form.getInputProps(path(i, 'price'))}
              />
            </div>
          </Group>
          <Group justify="space-between" mt="xs" wrap="wrap">
            <Group gap="md">
              {tax.hasTax && (
                <Checkbox
                  label={tax.tD || 'Tax'}
                  aria-label={`${tax.tD || 'Tax'} on line ${i + 1}`}
                  {...form.getInputProps(path(i, 'hasTax'), { type: 'checkbox' })}
                />
              )}
              {tax.hasSecondTax && (
                <Checkbox
                  label={tax.t2D || 'Tax 2'}
                  aria-label={`${tax.t2D || 'Tax 2'} on line ${i + 1}`}
                  {...form.getInputProps(path(i, 'hasSecondTax'), { type: 'checkbox' })}
                />
              )}
            </Group>
            <Text fw={600} data-testid="line-amount" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {amountOf(l)}
            </Text>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
