import { Avatar, Burger, Group, Menu, UnstyledButton, Text } from '@mantine/core';
import { IconLogout, IconMail, IconSettings, IconUser } from '@tabler/icons-react';
import { modals } from '@mantine/modals';
import { useNavigate } from 'react-router';
import { outboxSize } from '../api/offline/outbox-size';
import { apiUrl } from '../api/api-client';
import { useLogout } from '../api/use-auth';
import { GlobalSearch } from '../areas/search/global-search';
import { useCurrentUser } from './use-session';

interface TopBarProps {
  mobileOpened: boolean;
  desktopOpened: boolean;
  toggleMobile: () => void;
  toggleDesktop: () => void;
}

function ProfileMenu() {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const fullName = [user.name, user.surname].filter(Boolean).join(' ') || user.username;
  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`${fullName}, profile menu`}>
          <Group gap="xs" wrap="nowrap">
            {/* No letters in it: the button's name must hold all the text it shows. */}
            <Avatar
              src={user.profilePicture ? apiUrl(user.profilePicture) : null}
              alt=""
              color="brand"
              radius="xl"
              size={34}
            >
              <IconUser size={18} aria-hidden />
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate="end">
              {fullName}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.username}</Menu.Label>
        <Menu.Item
          leftSection={<IconSettings size={16} />}
          onClick={() => void navigate('/settings')}
        >
          Profile Settings
        </Menu.Item>
        {user.rank === 'super' && (
          <Menu.Item leftSection={<IconMail size={16} />} onClick={() => void navigate('/outbox')}>
            Outbox
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => {
            // What waits on the phone goes with the session: ask first.
            const waiting = outboxSize();
            if (waiting === 0) return void logout();
            modals.openConfirmModal({
              title: 'Log out',
              children: `${waiting} ${waiting === 1 ? 'change has' : 'changes have'} not reached the server yet and will be lost. Log out anyway?`,
              labels: { confirm: 'Log out', cancel: 'Cancel' },
              confirmProps: { color: 'red' },
              onConfirm: () => void logout(),
            });
          }}
        >
          Log out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function AppTopBar(p: TopBarProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ flex: 1 }}>
        <Burger
          opened={p.mobileOpened}
          onClick={p.toggleMobile}
          hiddenFrom="sm"
          size="sm"
          aria-label="Toggle menu"
        />
        <Burger
          opened={p.desktopOpened}
          onClick={p.toggleDesktop}
          visibleFrom="sm"
          size="sm"
          aria-label="Toggle menu"
        />
        <GlobalSearch />
      </Group>
      <ProfileMenu />
    </Group>
  );
}
