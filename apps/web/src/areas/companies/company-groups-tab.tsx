import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { AREAS, FLAGS, can, type TCompany, type TCompanyGroup } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useDeleteGroup } from '../../api/use-companies';
import { confirmDelete } from '../../ui/confirm';
import { GroupEditorModal } from './group-editor-modal';

function grantedCount(g: TCompanyGroup): number {
  return AREAS.reduce((n, a) => n + FLAGS.filter((f) => g.rights[a]?.[f] === true).length, 0);
}

/** User groups and their rights; a group is edited in a modal. */
export function CompanyGroupsTab({ company }: { company: TCompany }) {
  const [editing, setEditing] = useState<TCompanyGroup | 'new' | null>(null);
  const remove = useDeleteGroup(company._id);
  const members = (id: string) => company.users.filter((u) => u.group === id).length;

  const onDelete = (g: TCompanyGroup) =>
    confirmDelete(() =>
      remove.mutate(g._id, {
        onSuccess: (r) => notifications.show({ color: 'green', message: r.message || 'Deleted' }),
        onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
      }),
    );

  return (
    <>
      <Group justify="space-between" mb="md">
        <Text c="dimmed" size="sm">
          Each group grants create, read, update and delete per area.
        </Text>
        {can(company.me, 'settings', 'c') && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New group
          </Button>
        )}
      </Group>
      {company.userGroups.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No groups yet.
        </Text>
      ) : (
        <Table verticalSpacing="sm" aria-label="Groups">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Group</Table.Th>
              <Table.Th>Rights</Table.Th>
              <Table.Th>Users</Table.Th>
              <Table.Th w={100}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {company.userGroups.map((g) => (
              <Table.Tr key={g._id}>
                <Table.Td fw={500}>{g.name}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color="gray">
                    {grantedCount(g)} of {AREAS.length * FLAGS.length}
                  </Badge>
                </Table.Td>
                <Table.Td>{members(g._id)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Edit">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${g.name}`}
                        onClick={() => setEditing(g)}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Delete">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${g.name}`}
                        onClick={() => onDelete(g)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <GroupEditorModal
          companyId={company._id}
          me={company.me}
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
