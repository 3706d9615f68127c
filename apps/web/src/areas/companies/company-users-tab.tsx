import { useState } from 'react';
import { Badge, Button, Group, Select, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import type { TCompany, TCompanyUser } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { useResetTwoFactor, useSaveMember } from '../../api/use-companies';
import { useCurrentUser } from '../../app/use-session';
import { modals } from '@mantine/modals';
import { NO_GROUP, groupOptions } from './company-form';
import { InviteUserModal } from './invite-user-modal';

/** A super's Reset of a member's two-factor sign-in, asked first (docs/auth.md). */
function ResetTwoFactorButton({ user, company }: { user: TCompanyUser; company: TCompany }) {
  const reset = useResetTwoFactor(company._id);
  const name = `${user.name} ${user.surname}`.trim() || (user.emailAddress ?? '');
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      loading={reset.isPending}
      onClick={() =>
        modals.openConfirmModal({
          title: 'Please confirm',
          children: `Turn off two-factor sign-in for ${name}? Do it only once you are sure it is them: they will sign in with the password alone, and they see that you did it.`,
          labels: { confirm: 'Reset', cancel: 'Cancel' },
          confirmProps: { color: 'red' },
          onConfirm: () =>
            reset.mutate(user.userId, {
              onSuccess: (r) => notifications.show({ color: 'green', message: r.message }),
              onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
            }),
        })
      }
    >
      Reset two-factor
    </Button>
  );
}

function UserRow({ user, company }: { user: TCompanyUser; company: TCompany }) {
  const save = useSaveMember(company._id);
  const isSuper = useCurrentUser().rank === 'super';
  const fullName = `${user.name} ${user.surname}`.trim() || (user.emailAddress ?? '');
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
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" color={user.twoFactor ? 'green' : 'gray'}>
            {user.twoFactor ? 'On' : 'Off'}
          </Badge>
          {isSuper && user.twoFactor && <ResetTwoFactorButton user={user} company={company} />}
        </Group>
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
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" aria-label="Users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Two-factor</Table.Th>
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
