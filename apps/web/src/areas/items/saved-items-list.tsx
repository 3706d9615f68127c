import { ActionIcon, Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { TItem } from '@fieldbook/core';
import { Money } from '../../ui/money';
import { PagedFooter, usePaged } from '../../ui/paged';
import { usePhone } from '../../ui/use-phone';

interface SavedItemsListProps {
  items: TItem[];
  onEdit?: (item: TItem) => void;
  onDelete?: (item: TItem) => void;
}

/** The saved price list: code, description, category, price and per-client overrides. */
export function SavedItemsList({ items, onEdit, onDelete }: SavedItemsListProps) {
  const paged = usePaged(items);
  const phone = usePhone();
  if (items.length === 0)
    return (
      <Text c="dimmed" ta="center" py="xl">
        No saved items yet.
      </Text>
    );
  const actions = !!onEdit || !!onDelete;
  return (
    <>
      {/* On a phone: the description (code and category under it), the price and the actions. */}
      <Table.ScrollContainer minWidth={phone ? 0 : 640}>
        <Table
          aria-label="Saved items"
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
        >
          <Table.Thead>
            <Table.Tr>
              {!phone && <Table.Th>Code</Table.Th>}
              <Table.Th>Description</Table.Th>
              {!phone && <Table.Th>Category</Table.Th>}
              <Table.Th ta="right">Price</Table.Th>
              {!phone && <Table.Th ta="center">Client prices</Table.Th>}
              {actions && (
                <Table.Th w={phone ? 72 : 100}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {paged.shown.map((item) => {
              const overrides = Object.keys(item.overrides).length;
              return (
                <Table.Tr key={item._id}>
                  {!phone && <Table.Td>{item.code}</Table.Td>}
                  <Table.Td>
                    {item.description}
                    {phone && (
                      <Text size="xs" c="dimmed">
                        {[item.code, item.category].filter(Boolean).join(' · ')}
                      </Text>
                    )}
                  </Table.Td>
                  {!phone && <Table.Td>{item.category}</Table.Td>}
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Money value={item.price} />
                  </Table.Td>
                  {!phone && (
                    <Table.Td ta="center">
                      {overrides > 0 ? (
                        <Badge variant="light">{overrides}</Badge>
                      ) : (
                        <Text c="dimmed" size="sm">
                          —
                        </Text>
                      )}
                    </Table.Td>
                  )}
                  {actions && (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {onEdit && (
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Edit ${item.description}`}
                            onClick={() => onEdit(item)}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        )}
                        {onDelete && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${item.description}`}
                            onClick={() => onDelete(item)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <PagedFooter paged={paged} />
    </>
  );
}
