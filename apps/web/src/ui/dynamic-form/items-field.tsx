import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  LINE_DESCRIPTION_MESSAGE,
  LINE_PRICE_QTY_MESSAGE,
  formatMoney,
  lineAmount,
  taxRows,
  type TComponentFlags,
  type TTax,
} from '@fieldbook/core';
import { useItems } from '../../api/use-items';
import { formLine, formTotals, num, type DynamicValues, type FormLine } from './form-values';

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
              {!locked && <Table.Th w={36} />}
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

interface AddLineProps {
  showPrice: boolean;
  showSave: boolean;
  entityId: string;
  onAdd: (line: FormLine) => void;
}

function AddLine({ showPrice, showSave, entityId, onAdd }: AddLineProps) {
  const items = useItems();
  const [draft, setDraft] = useState(() => formLine());
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<FormLine>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setProblem(null);
  };
  const pick = (id: string | null) => {
    const it = items.data?.find((i) => i._id === id);
    if (!it) return set({ itemId: null });
    set({
      itemId: it._id,
      description: it.description,
      code: it.code ?? '',
      price: (entityId ? it.overrides[entityId] : undefined) ?? it.price,
      hasTax: it.hasTax,
      hasSecondTax: it.hasSecondTax,
      ledgerAccountId: it.ledgerAccountId ?? null,
      category: it.category ?? '',
      save: false,
    });
  };
  const add = () => {
    if (!draft.description.trim()) return setProblem(LINE_DESCRIPTION_MESSAGE);
    // Without prices in view a typed line costs nothing until the office prices it.
    const price = showPrice ? num(draft.price) : (num(draft.price) ?? 0);
    if (price === null || num(draft.qty) === null) return setProblem(LINE_PRICE_QTY_MESSAGE);
    onAdd({ ...draft, description: draft.description.trim(), price });
    setDraft(formLine());
  };

  return (
    <Paper p="sm" bg="gray.0" radius="md">
      <Group gap="xs" align="flex-end">
        <Select
          label="Saved item"
          placeholder="Pick from the price list"
          searchable
          clearable
          limit={50}
          w={{ base: '100%', sm: 200 }}
          data={(items.data ?? []).map((i) => ({ value: i._id, label: i.description }))}
          value={draft.itemId}
          onChange={pick}
        />
        <TextInput
          label="Description"
          style={{ flex: 1, minWidth: 160 }}
          value={draft.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <NumberInput
          label="Qty"
          w={70}
          min={0}
          hideControls
          value={draft.qty}
          onChange={(v) => set({ qty: v })}
        />
        {showPrice && (
          <NumberInput
            label="Price"
            w={100}
            min={0}
            decimalScale={2}
            hideControls
            value={draft.price}
            onChange={(v) => set({ price: v })}
          />
        )}
        <Button leftSection={<IconPlus size={16} />} onClick={add}>
          Add line
        </Button>
      </Group>
      {showSave && !draft.itemId && (
        <Checkbox
          mt="xs"
          label="Save item"
          checked={draft.save}
          onChange={(e) => set({ save: e.currentTarget.checked })}
        />
      )}
      {problem && (
        <Text size="xs" c="red" mt={4} role="alert">
          {problem}
        </Text>
      )}
    </Paper>
  );
}

interface TotalsProps {
  values: DynamicValues;
  onChange: (patch: Partial<DynamicValues>) => void;
  tax: TTax;
  locked: boolean;
  showTax: boolean;
}

function DiscountAndTotals({ values, onChange, tax, locked, showTax }: TotalsProps) {
  const d = values.discount;
  const isAmount = d.discountType === 'Amount';
  const shownTax = showTax ? tax : { ...tax, hasTax: false, hasSecondTax: false };
  const totals = formTotals(values, tax);
  const rows = taxRows(shownTax, totals);
  const setD = (patch: Partial<typeof d>) => onChange({ discount: { ...d, ...patch } });
  const row = (label: string, value: number, id: string, strong = false) => (
    <Group justify="space-between" key={id}>
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} data-testid={`job-totals-${id}`}>
        {formatMoney(value)}
      </Text>
    </Group>
  );
  return (
    <Group align="flex-start" gap="md" grow wrap="wrap">
      <Stack gap="xs" miw={220}>
        <Switch
          label="Discount"
          checked={d.hasDiscount}
          disabled={locked}
          onChange={(e) => setD({ hasDiscount: e.currentTarget.checked })}
        />
        {d.hasDiscount && (
          <Group gap="xs" align="flex-end">
            <SegmentedControl
              aria-label="Discount type"
              data={['Percentage', 'Amount']}
              disabled={locked}
              value={isAmount ? 'Amount' : 'Percentage'}
              onChange={(v) => setD({ discountType: v as 'Amount' })}
            />
            <NumberInput
              label={isAmount ? 'Discount amount' : 'Discount %'}
              w={120}
              min={0}
              max={isAmount ? undefined : 100}
              decimalScale={2}
              readOnly={locked}
              value={d.discountValue}
              onChange={(v) => setD({ discountValue: v })}
            />
          </Group>
        )}
      </Stack>
      <Paper withBorder p="sm" bg="gray.0" miw={220} aria-label="Totals">
        <Stack gap={4}>
          {row('Subtotal', totals.subtotal, 'subtotal')}
          {d.hasDiscount && row('Discount', -totals.discount, 'discount')}
          {rows.tax1 && row(rows.tax1.label, rows.tax1.amount, 'tax1')}
          {rows.tax2 && row(rows.tax2.label, rows.tax2.amount, 'tax2')}
          <Divider />
          {row('Total', totals.total, 'total', true)}
        </Stack>
      </Paper>
    </Group>
  );
}
