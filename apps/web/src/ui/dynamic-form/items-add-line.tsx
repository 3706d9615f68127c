import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { LINE_DESCRIPTION_MESSAGE, LINE_PRICE_QTY_MESSAGE } from '@fieldbook/core';
import { useItems } from '../../api/use-items';
import { formLine, num, type FormLine } from './form-values';

interface AddLineProps {
  showPrice: boolean;
  showSave: boolean;
  entityId: string;
  onAdd: (line: FormLine) => void;
}

/** Pick a saved item or type a line, then add it to the job. */
export function AddLine({ showPrice, showSave, entityId, onAdd }: AddLineProps) {
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
