import { useState } from 'react';
import { Button, Checkbox, Grid, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  LINE_DESCRIPTION_MESSAGE,
  LINE_PRICE_QTY_MESSAGE,
  formatMoney,
  type TItem,
} from '@fieldbook/core';
import { emptyLine, num, type InvoiceForm } from './invoice-form';

/** A saved item's price for a client: its override when it has one (spec §3). */
export const priceFor = (item: TItem, entityId: string) =>
  (entityId ? item.overrides[entityId] : undefined) ?? item.price;

interface Draft {
  itemId: string | null;
  description: string;
  qty: number | string;
  price: number | string;
  save: boolean;
  saveClientPrice: boolean;
}
const EMPTY: Draft = {
  itemId: null,
  description: '',
  qty: 1,
  price: '',
  save: false,
  saveClientPrice: false,
};

/** Pick a saved item or type a line, then Add it to the document. */
export function AddLineForm({ form, items }: { form: InvoiceForm; items: TItem[] }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setError(null);
  };
  const { entityId } = form.values;
  const picked = items.find((i) => i._id === draft.itemId);

  const pick = (id: string | null) => {
    const item = items.find((i) => i._id === id);
    if (!item) return set({ itemId: null });
    set({ itemId: item._id, description: item.description, price: priceFor(item, entityId) });
  };

  const add = () => {
    // Spec §5: no line without a description, a price and a quantity.
    if (!draft.description.trim()) return setError(LINE_DESCRIPTION_MESSAGE);
    if (num(draft.price) === null || num(draft.qty) === null)
      return setError(LINE_PRICE_QTY_MESSAGE);
    form.insertListItem(
      'descriptions',
      emptyLine({
        description: draft.description.trim(),
        code: picked?.code ?? '',
        qty: num(draft.qty)!,
        price: num(draft.price)!,
        notes: picked?.notes ?? '',
        category: picked?.category ?? '',
        itemId: picked?._id ?? null,
        ledgerAccountId: picked?.ledgerAccountId ?? null,
        hasTax: picked ? picked.hasTax : true,
        hasSecondTax: picked ? picked.hasSecondTax : true,
        save: !picked && draft.save,
        saveClientPrice: !!entityId && draft.saveClientPrice,
      }),
    );
    setDraft(EMPTY);
  };

  return (
    <div
      onKeyDown={(e) => {
        // Enter adds the line rather than submitting the whole document; in the
        // saved-item picker it only chooses the option.
        const el = e.target as HTMLElement;
        if (e.key !== 'Enter' || el.tagName !== 'INPUT') return;
        e.preventDefault();
        if (el.getAttribute('role') !== 'combobox') add();
      }}
    >
      <Text fw={600} size="sm" mb={6}>
        Add a line
      </Text>
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Select
            label="Saved item"
            placeholder="Pick from the price list"
            searchable
            clearable
            nothingFoundMessage="No saved items"
            data={items.map((i) => ({
              value: i._id,
              label: `${i.code ? `${i.code} · ` : ''}${i.description} (${formatMoney(priceFor(i, entityId))})`,
            }))}
            value={draft.itemId}
            onChange={pick}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TextInput
            label="Description"
            value={draft.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 4, md: 1 }}>
          <NumberInput
            label="Qty"
            min={0}
            step={1}
            value={draft.qty}
            onChange={(v) => set({ qty: v })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 8, md: 2 }}>
          <NumberInput
            label="Price"
            min={0}
            decimalScale={2}
            hideControls
            value={draft.price}
            onChange={(v) => set({ price: v })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 2 }}>
          <Button fullWidth leftSection={<IconPlus size={16} />} onClick={add}>
            Add
          </Button>
        </Grid.Col>
      </Grid>
      <Group gap="lg" mt="xs">
        {!picked && (
          <Checkbox
            label="Save item"
            checked={draft.save}
            onChange={(e) => set({ save: e.currentTarget.checked })}
          />
        )}
        {entityId && (
          <Checkbox
            label="Save client price"
            checked={draft.saveClientPrice}
            onChange={(e) => set({ saveClientPrice: e.currentTarget.checked })}
          />
        )}
      </Group>
      {!picked && draft.save && (
        <Text size="xs" c="dimmed" mt={4}>
          The item will not be added to the save items until the quote/invoice is saved
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" mt={6} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}
