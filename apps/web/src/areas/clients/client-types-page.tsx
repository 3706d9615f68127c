import { useState } from 'react';
import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { can, type TClientType } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useClientTypes, useDeleteClientType } from '../../api/use-clients';
import { useCurrentCompany } from '../../app/company-context';
import { confirmDelete } from '../../ui/confirm';
import { PageHeader } from '../../ui/page-header';
import { QueryState } from '../../ui/query-state';
import { ClientTypeModal } from './client-type-modal';

/** /clientTypes: the client types of the company, each with the fields its clients get. */
export function ClientTypesPage() {
  const { member } = useCurrentCompany();
  const types = useClientTypes();
  const remove = useDeleteClientType();
  // undefined: no modal; null: a new type.
  const [editing, setEditing] = useState<TClientType | null | undefined>(undefined);

  const askDelete = (t: TClientType) =>
    confirmDelete(() =>
      remove.mutate(t._id, {
        onSuccess: () => notifications.show({ color: 'green', message: 'Client type deleted' }),
        onError: (e) =>
          notifications.show({ color: 'red', title: 'Not deleted', message: errorMessage(e) }),
      }),
    );

  return (
    <>
      <PageHeader
        title="Client types"
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Clients', to: '/clients' },
          { label: 'Client types' },
        ]}
        description="A type adds its own fields to its clients and a tab to the clients list."
        actions={
          can(member, 'settings', 'c') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              New
            </Button>
          )
        }
      />
      <Paper withBorder>
        <QueryState query={types}>
          {(list) =>
            list.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                No client types yet.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={520} type="native">
                <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Client types">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Fields</Table.Th>
                      <Table.Th ta="right">Actions</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.map((t) => (
                      <Table.Tr key={t._id}>
                        <Table.Td fw={600}>{t.name}</Table.Td>
                        <Table.Td>
                          <Group gap={6}>
                            {t.descriptions.length === 0 && (
                              <Text size="sm" c="dimmed">
                                None
                              </Text>
                            )}
                            {t.descriptions.map((d) => (
                              <Badge key={d.description} variant="light" tt="none">
                                {d.label || d.description}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            {can(member, 'settings', 'u') && (
                              <Button
                                size="xs"
                                variant="default"
                                leftSection={<IconPencil size={14} />}
                                aria-label={`Edit ${t.name}`}
                                onClick={() => setEditing(t)}
                              >
                                Edit
                              </Button>
                            )}
                            {can(member, 'settings', 'd') && (
                              <Button
                                size="xs"
                                variant="subtle"
                                color="red"
                                leftSection={<IconTrash size={14} />}
                                aria-label={`Delete ${t.name}`}
                                onClick={() => askDelete(t)}
                              >
                                Delete
                              </Button>
                            )}
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryState>
      </Paper>
      {editing !== undefined && (
        <ClientTypeModal type={editing} onClose={() => setEditing(undefined)} />
      )}
    </>
  );
}
