import { useState } from 'react';
import { Button, Paper, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { DEFAULT_TAX, can, type TItem } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useDeleteItem, useItems } from '../../api/use-items';
import { useCurrentCompany } from '../../app/company-context';
import { confirmDelete } from '../../ui/confirm';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { ItemModal } from './item-modal';
import { SavedItemsList } from './saved-items-list';

/** /items: the saved price list with per-client prices. */
export function ItemsPage() {
  const { company, member } = useCurrentCompany();
  const items = useItems();
  const del = useDeleteItem();
  // undefined: closed; null: a new item.
  const [editing, setEditing] = useState<TItem | null | undefined>(undefined);
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();

  const remove = (item: TItem) =>
    confirmDelete(
      () =>
        del.mutate(item._id, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Item deleted' }),
          onError: (e) =>
            notifications.show({ color: 'red', title: 'Not deleted', message: errorMessage(e) }),
        }),
      'Are you sure you want to delete this item?',
    );

  return (
    <>
      <PageHeader
        title="Price list"
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Invoices', to: '/invoices' },
          { label: 'Price list' },
        ]}
        actions={
          can(member, 'invoices', 'c') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              Add Item
            </Button>
          )
        }
      />
      <TextInput
        aria-label="Search items"
        placeholder="Search by code, description or category"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
        mb="md"
      />
      <Paper withBorder>
        <QueryState query={items}>
          {(list) => (
            <SavedItemsList
              items={list.filter(
                (i) =>
                  !needle ||
                  `${i.code} ${i.description} ${i.category}`.toLowerCase().includes(needle),
              )}
              onEdit={can(member, 'invoices', 'u') ? setEditing : undefined}
              onDelete={can(member, 'invoices', 'd') ? remove : undefined}
            />
          )}
        </QueryState>
      </Paper>
      {editing !== undefined && (
        <ItemModal
          item={editing}
          tax={company?.tax ?? DEFAULT_TAX}
          onClose={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
