import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '../../api/api-client';
import { useStartChat } from '../../api/use-chat';
import { useCurrentCompany } from '../../app/company-context';

/** 'New chat': pick colleagues (active members of the company), and a name for a group. */
export function NewChatModal({
  opened,
  meId,
  onClose,
  onStarted,
}: {
  opened: boolean;
  meId: string;
  onClose: () => void;
  onStarted: (roomId: string) => void;
}) {
  const { company } = useCurrentCompany();
  const start = useStartChat();
  const [userIds, setUserIds] = useState<string[]>([]);
  const [chatName, setChatName] = useState('');
  const colleagues = (company?.users ?? [])
    .filter((u) => !u.disabled && u.userId !== meId)
    .map((u) => ({
      value: u.userId,
      label: `${u.name} ${u.surname}`.trim() || (u.emailAddress ?? ''),
    }));

  const close = () => {
    setUserIds([]);
    setChatName('');
    start.reset();
    onClose();
  };
  const submit = () =>
    start.mutate(
      { userIds, chatName: userIds.length > 1 ? chatName.trim() || null : null },
      {
        onSuccess: (r) => {
          onStarted(r.chatRoom._id);
          close();
        },
      },
    );

  return (
    <Modal opened={opened} onClose={close} title="New chat">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          {colleagues.length === 0 ? (
            <Text size="sm" c="dimmed">
              No colleagues in this company yet. Invite them under Settings, Users.
            </Text>
          ) : (
            <MultiSelect
              label="Colleagues"
              placeholder="Pick one or more"
              data={colleagues}
              value={userIds}
              onChange={setUserIds}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {userIds.length > 1 && (
            <TextInput
              label="Group name"
              description="Optional"
              value={chatName}
              maxLength={100}
              onChange={(e) => setChatName(e.currentTarget.value)}
            />
          )}
          {start.isError && (
            <Text c="red" size="sm" role="alert">
              {errorMessage(start.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={userIds.length === 0} loading={start.isPending}>
              Start chat
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
