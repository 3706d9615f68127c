import { useState } from 'react';
import { Badge, Button, Group, Select, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import type { TCompany, TCompanyUser } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useSaveMember } from '../../api/use-companies';
import { NO_GROUP, groupOptions } from './company-form';
import { InviteUserModal } from './invite-user-modal';

function UserRow({ user, company }: { user: TCompanyUser; company: TCompany }) {
  const save = useSaveMember(company._id);
  const fullName = `${user.name} ${user.surname}`.trim() || user.emailAddress;
  const update = (change: Partial<Pick<TCompanyUser, 'group' | 'disabled'>>) =>
    save.mutate(
      { userId: user.userId, group: user.group, disabled: user.disabled, ...change },
      {
        onSuccess: (r) => notifications.show({ color: 'green', message: r.message || 'Saved' }),
        onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
      },
    );

  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500}>{fullName}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {user.emailAddress}
        </Text>
      </Table.Td>
      <Table.Td>
        {user.isOwner ? (
          <Badge variant="light">Owner</Badge>
        ) : (
          <Select
            aria-label={`Group of ${fullName}`}
            data={groupOptions(company, user.group)}
            value={user.group ?? NO_GROUP}
            allowDeselect={false}
            disabled={save.isPending}
            onChange={(v) => update({ group: !v || v === NO_GROUP ? null : v })}
            w={200}
          />
        )}
      </Table.Td>
      <Table.Td>
        {user.isOwner ? (
          <Text size="sm" c="dimmed">
            Always active
          </Text>
        ) : (
          <Switch
            aria-label={`Disable ${fullName}`}
            checked={user.disabled}
            disabled={save.isPending}
            onChange={(e) => update({ disabled: e.currentTarget.checked })}
          />
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The members of a company: group and disabled flag per user; the owner is fixed. */
export function CompanyUsersTab({ company }: { company: TCompany }) {
  const [inviting, setInviting] = useState(false);
  return (
    <>
      <Group justify="space-between" mb="md">
        <Text c="dimmed" size="sm">
          A user's group decides what they may do. Disabled users cannot use this company.
        </Text>
        <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
          Invite
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" aria-label="Users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Group</Table.Th>
              <Table.Th>Disabled</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {company.users.map((u) => (
              <UserRow key={u.userId} user={u} company={company} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <InviteUserModal company={company} opened={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
