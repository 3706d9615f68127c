import {
  ActionIcon,
  Checkbox,
  NumberInput,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { formatMoney, lineAmount } from '@fieldbook/core';
import { LedgerAccountSelect } from '../accounting';
import { num, type InvoiceForm, type LineValues } from './invoice-form';
import { LineItemCards } from './line-item-cards';

const amountOf = (l: LineValues) =>
  formatMoney(lineAmount({ qty: num(l.qty), price: num(l.price) ?? 0 }));

/**
 * The document's lines: inputs while editing, plain text when read-only. On a
 * phone (up to 48em) the read-only lines leave the code and the tax ticks out
 * and fit the screen (Qty, Price and Amount in view; the taxes are in the
 * totals); while editing, each line is a card (`LineItemCards`).
 */
export function LineItemsTable({ form, editing }: { form: InvoiceForm; editing: boolean }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const { descriptions: lines, tax } = form.values;
  if (editing && phone) return <LineItemCards form={form} amountOf={amountOf} />;
  const cols = 5 + (tax.hasTax ? 1 : 0) + (tax.hasSecondTax ? 1 : 0) + (editing ? 1 : 0);
  const path = (i: number, f: keyof LineValues) => `descriptions.${i}.${f}`;
  // Read-only on a phone: the code and the tax ticks give way to Qty, Price and Amount.
  const phoneHidden = editing ? undefined : 'sm';

  return (
    <Table.ScrollContainer minWidth={editing ? 560 : 0}>
      <Table aria-label="Line items" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Description</Table.Th>
            <Table.Th w={110} visibleFrom={phoneHidden}>
              Code
            </Table.Th>
            <Table.Th w={{ base: 44, sm: 90 }} ta="right">
              Qty
            </Table.Th>
            <Table.Th w={{ base: 90, sm: 130 }} ta="right">
              Price
            </Table.Th>
            <Table.Th w={{ base: 90, sm: 120 }} ta="right">
              Amount
            </Table.Th>
            {tax.hasTax && (
              <Table.Th w={60} ta="center" visibleFrom={phoneHidden}>
                {tax.tD || 'Tax'}
              </Table.Th>
            )}
            {tax.hasSecondTax && (
              <Table.Th w={60} ta="center" visibleFrom={phoneHidden}>
                {tax.t2D || 'Tax 2'}
              </Table.Th>
            )}
            {editing && (
              <Table.Th w={44}>
                <VisuallyHidden>Remove</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={cols}>
                <Text c="dimmed" ta="center" size="sm" py="sm">
                  No lines yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {lines.map((l, i) => (
            <Table.Tr key={l.key}>
              {editing ? (
                <>
                  <Table.Td>
                    <TextInput
                      aria-label={`Description of line ${i + 1}`}
                      description={l.save ? 'Joins the price list when saved' : undefined}
                      {...form.getInputProps(path(i, 'description'))}
                    />
                    {/* The line's sales account, small under its description; empty is the default. */}
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
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`Code of line ${i + 1}`}
                      {...form.getInputProps(path(i, 'code'))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Qty of line ${i + 1}`}
                      min={0}
                      step={1}
                      hideControls
                      styles={{ input: { textAlign: 'right' } }}
                      {...form.getInputProps(path(i, 'qty'))}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`Price of line ${i + 1}`}
                      min={0}
                      decimalScale={2}
                      hideControls
                      styles={{ input: { textAlign: 'right' } }}
                      {...form.getInputProps(path(i, 'price'))}
                    />
                  </Table.Td>
                </>
              ) : (
                <>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td visibleFrom={phoneHidden}>{l.code}</Table.Td>
                  <Table.Td ta="right">{String(num(l.qty) ?? 1)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(num(l.price) ?? 0)}</Table.Td>
                </>
              )}
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {amountOf(l)}
              </Table.Td>
              {tax.hasTax && (
                <Table.Td visibleFrom={phoneHidden}>
                  <Checkbox
                    mx="auto"
                    w="fit-content"
                    aria-label={`${tax.tD || 'Tax'} on line ${i + 1}`}
                    disabled={!editing}
                    {...form.getInputProps(path(i, 'hasTax'), { type: 'checkbox' })}
                  />
                </Table.Td>
              )}
              {tax.hasSecondTax && (
                <Table.Td visibleFrom={phoneHidden}>
                  <Checkbox
                    mx="auto"
                    w="fit-content"
                    aria-label={`${tax.t2D || 'Tax 2'} on line ${i + 1}`}
                    disabled={!editing}
                    {...form.getInputProps(path(i, 'hasSecondTax'), { type: 'checkbox' })}
                  />
                </Table.Td>
              )}
              {editing && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove line ${i + 1}`}
                    onClick={() => form.removeListItem('descriptions', i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
