import {
  ActionIcon,
  Checkbox,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatMoney, lineAmount, type TComponentFlags, type TTax } from '@fieldbook/core';
import { num, type DynamicValues, type FormLine } from './form-values';
import { usePhone } from '../use-phone';
import { AddLine } from './items-add-line';
import { PhoneLines } from './items-phone-lines';
import { DiscountAndTotals } from './items-totals';

interface ItemsFieldProps {
  label: string;
  flags: Required<TComponentFlags>;
  locked: boolean;
  values: DynamicValues;
  onChange: (patch: Partial<DynamicValues>) => void;
  tax: TTax;
  error?: string;
}

/**
 * The job's line items and discount with core's totals. hideItemCode,
 * hideItemPrice (prices, amounts, discount and totals), hideItemTax and
 * hideSaveItem leave those parts out (hidden prices also make the lines
 * read-only); the job keeps its ledger accounts as they are (hideAccount: no
 * account is shown here).
 */
export function ItemsField({
  label,
  flags,
  locked: lockedByForm,
  values,
  onChange,
  tax,
  error,
}: ItemsFieldProps) {
  const lines = values.lineItems;
  // Without prices in view the lines cannot be priced: they are shown, not edited (as the server keeps them).
  const locked = lockedByForm || flags.hideItemPrice;
  const phone = usePhone();
  const showCode = !flags.hideItemCode;
  const showPrice = !flags.hideItemPrice;
  const t1 = tax.hasTax && !flags.hideItemTax;
  const t2 = tax.hasSecondTax && !flags.hideItemTax;
  const setLine = (i: number, patch: Partial<FormLine>) =>
    onChange({ lineItems: lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const cols = 2 + (showCode ? 1 : 0) + (showPrice ? 2 : 0) + (t1 ? 1 : 0) + (t2 ? 1 : 0) + 1;

  return (
    <Stack gap="sm">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {phone && !locked ? (
        <PhoneLines
          {...{ label, lines, showCode, showPrice, tax, t1, t2, setLine }}
          remove={(i) => onChange({ lineItems: lines.filter((_, j) => j !== i) })}
        />
      ) : (
        <Table.ScrollContainer minWidth={locked ? 0 : 520}>
          <Table aria-label={label} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th miw={160}>Description</Table.Th>
                {showCode && <Table.Th w={90}>Code</Table.Th>}
                <Table.Th w={70} ta="right">
                  Qty
                </Table.Th>
                {showPrice && (
                  <>
                    <Table.Th w={100} ta="right">
                      Price
                    </Table.Th>
                    <Table.Th w={100} ta="right">
                      Amount
                    </Table.Th>
                  </>
                )}
                {t1 && <Table.Th w={50}>{tax.tD || 'Tax'}</Table.Th>}
                {t2 && <Table.Th w={50}>{tax.t2D || 'Tax 2'}</Table.Th>}
                {!locked && (
                  <Table.Th w={36}>
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={cols}>
                    <Text size="sm" c="dimmed" ta="center">
                      No lines yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {lines.map((l, i) => (
                <Table.Tr key={l.key}>
                  <Table.Td>
                    {locked ? (
                      l.description
                    ) : (
                      <TextInput
                        aria-label={`Description of line ${i + 1}`}
                        value={l.description}
                        onChange={(e) => setLine(i, { description: e.currentTarget.value })}
                      />
                    )}
                  </Table.Td>
                  {showCode && (
                    <Table.Td>
                      {locked ? (
                        l.code
                      ) : (
                        <TextInput
                          aria-label={`Code of line ${i + 1}`}
                          value={l.code}
                          onChange={(e) => setLine(i, { code: e.currentTarget.value })}
                        />
                      )}
                    </Table.Td>
                  )}
                  <Table.Td ta="right">
                    {locked ? (
                      String(num(l.qty) ?? 1)
                    ) : (
                      <NumberInput
                        aria-label={`Qty of line ${i + 1}`}
                        min={0}
                        hideControls
                        value={l.qty}
                        onChange={(v) => setLine(i, { qty: v })}
                      />
                    )}
                  </Table.Td>
                  {showPrice && (
                    <>
                      <Table.Td ta="right">
                        {locked ? (
                          formatMoney(num(l.price) ?? 0)
                        ) : (
                          <NumberInput
                            aria-label={`Price of line ${i + 1}`}
                            min={0}
                            decimalScale={2}
                            hideControls
                            value={l.price}
                            onChange={(v) => setLine(i, { price: v })}
                          />
                        )}
                      </Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatMoney(lineAmount({ qty: num(l.qty), price: num(l.price) ?? 0 }))}
                      </Table.Td>
                    </>
                  )}
                  {t1 && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`${tax.tD || 'Tax'} on line ${i + 1}`}
                        checked={l.hasTax}
                        disabled={locked}
                        onChange={(e) => setLine(i, { hasTax: e.currentTarget.checked })}
                      />
                    </Table.Td>
                  )}
                  {t2 && (
                    <Table.Td>
                      <Checkbox
                        aria-label={`${tax.t2D || 'Tax 2'} on line ${i + 1}`}
                        checked={l.hasSecondTax}
                        disabled={locked}
                        onChange={(e) => setLine(i, { hasSecondTax: e.currentTarget.checked })}
                      />
                    </Table.Td>
                  )}
                  {!locked && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove line ${i + 1}`}
                        onClick={() => onChange({ lineItems: lines.filter((_, j) => j !== i) })}
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
      )}
      {error && (
        <Text size="xs" c="red">
          {error}
        </Text>
      )}
      {!locked && (
        <AddLine
          showPrice={showPrice}
          showSave={!flags.hideSaveItem}
          entityId={values.entityId}
          onAdd={(l) => onChange({ lineItems: [...lines, l] })}
        />
      )}
      {showPrice && (
        <DiscountAndTotals {...{ values, onChange, tax, locked, showTax: !flags.hideItemTax }} />
      )}
    </Stack>
  );
}
