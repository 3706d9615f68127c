import { useState } from 'react';
import {
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ITEM_REQUIRED_MESSAGE, type TItem, type TItemSave, type TTax } from '@fieldbook/core';
import { useClients } from '../../api/use-clients';
import { useSupplierOptions } from '../../api/use-expenses';
import { useSaveItem } from '../../api/use-items';
import { LedgerAccountSelect } from '../accounting';
import { ErrorAlert } from '../../ui/query-state';
import { ModalActions } from '../../ui/modal-actions';
import { ItemOverrides } from './item-overrides';

interface ItemValues {
  code: string;
  description: string;
  category: string;
  price: number | string;
  cost: number | string;
  notes: string;
  hasTax: boolean;
  hasSecondTax: boolean;
  overrides: Record<string, number>;
  /** Null books to the company's default account of that side. */
  ledgerAccountId: string | null;
  expenseAccountId: string | null;
  /** Where the item is bought (a supplier of the company), or none. */
  supplierId: string | null;
}

const toValues = (item: TItem | null): ItemValues => ({
  code: item?.code ?? '',
  description: item?.description ?? '',
  category: item?.category ?? '',
  price: item?.price ?? '',
  cost: item?.cost ?? '',
  notes: item?.notes ?? '',
  hasTax: item ? item.hasTax : true,
  hasSecondTax: item ? item.hasSecondTax : true,
  overrides: { ...(item?.overrides ?? {}) },
  ledgerAccountId: item?.ledgerAccountId ?? null,
  expenseAccountId: item?.expenseAccountId ?? null,
  supplierId: item?.supplierId ?? null,
});

interface ItemModalProps {
  /** The item to edit, or null for a new one. */
  item: TItem | null;
  tax: TTax;
  onClose: () => void;
}

/** Add or edit a saved item, with its per-client prices. */
export function ItemModal({ item, tax, onClose }: ItemModalProps) {
  const [v, setV] = useState<ItemValues>(() => toValues(item));
  const [missing, setMissing] = useState(false);
  // One id for a new item however often Save is pressed: a retried save updates it, never duplicates it.
  const [newId] = useState(() => crypto.randomUUID());
  const save = useSaveItem();
  const clients = useClients();
  const suppliers = useSupplierOptions();
  const set = (patch: Partial<ItemValues>) => setV((old) => ({ ...old, ...patch }));

  const submit = () => {
    // Spec §5: a saved item needs a description and a price.
    if (!v.description.trim() || typeof v.price !== 'number') return setMissing(true);
    setMissing(false);
    const body: TItemSave = {
      code: v.code,
      description: v.description,
      category: v.category,
      price: v.price,
      cost: typeof v.cost === 'number' ? v.cost : null,
      notes: v.notes,
      hasTax: v.hasTax,
      hasSecondTax: v.hasSecondTax,
      overrides: v.overrides,
      ledgerAccountId: v.ledgerAccountId,
      expenseAccountId: v.expenseAccountId,
      supplierId: v.supplierId,
    };
    save.mutate(
      { itemId: item?._id ?? newId, item: body },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Item saved' });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={item ? 'Edit Item' : 'Add Item'}
      size="lg"
      closeOnClickOutside={false}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Code"
              value={v.code}
              onChange={(e) => set({ code: e.currentTarget.value })}
            />
            <TextInput
              label="Category"
              value={v.category}
              onChange={(e) => set({ category: e.currentTarget.value })}
            />
          </SimpleGrid>
          <TextInput
            label="Description"
            required
            value={v.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Price"
              required
              min={1}
              decimalScale={2}
              value={v.price}
              onChange={(n) => set({ price: n })}
            />
            <NumberInput
              label="Unit cost"
              min={1}
              decimalScale={2}
              value={v.cost}
              onChange={(n) => set({ cost: n })}
            />
          </SimpleGrid>
          <Select
            label="Supplier"
            placeholder="None"
            clearable
            searchable
            data={(suppliers.data ?? []).map((s) => ({
              value: s._id,
              label: [s.name, s.surname].filter(Boolean).join(' '),
            }))}
            value={v.supplierId}
            onChange={(supplierId) => set({ supplierId })}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            value={v.notes}
            onChange={(e) => set({ notes: e.currentTarget.value })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <LedgerAccountSelect
              side="income"
              value={v.ledgerAccountId}
              onChange={(ledgerAccountId) => set({ ledgerAccountId })}
            />
            <LedgerAccountSelect
              side="cost"
              value={v.expenseAccountId}
              onChange={(expenseAccountId) => set({ expenseAccountId })}
            />
          </SimpleGrid>
          <Group gap="xl">
            <Checkbox
              label={`Charge ${tax.tD || 'tax'}`}
              checked={v.hasTax}
              onChange={(e) => set({ hasTax: e.currentTarget.checked })}
            />
            {tax.hasSecondTax && (
              <Checkbox
                label={`Charge ${tax.t2D || 'second tax'}`}
                checked={v.hasSecondTax}
                onChange={(e) => set({ hasSecondTax: e.currentTarget.checked })}
              />
            )}
          </Group>
          <Divider />
          <ItemOverrides
            value={v.overrides}
            onChange={(overrides) => set({ overrides })}
            clients={clients.data ?? []}
          />
          {missing && (
            <Text c="red" size="sm" role="alert">
              {ITEM_REQUIRED_MESSAGE}
            </Text>
          )}
          <ErrorAlert error={save.error} title="Not saved" />
          <ModalActions onCancel={onClose} saving={save.isPending} gap="sm" />
        </Stack>
      </form>
    </Modal>
  );
}
