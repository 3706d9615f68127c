import { useState } from 'react';
import { Button, Card, Grid, Group, Text, Title } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useChatRooms } from '../../api/use-chat';
import { useCurrentUser } from '../../app/use-session';
import { QueryState } from '../../ui/query-state';
import { usePhone } from '../../ui/use-phone';
import { ContactsList } from './contacts-list';
import { Conversation } from './conversation';
import { NewChatModal } from './new-chat-modal';

/**
 * The dashboard's chat: the Contacts (rooms with unread counts) and the
 * selected conversation, side by side on a desktop; on a phone the list,
 * then the conversation full width with a back button.
 */
export function ChatPanel() {
  const me = useCurrentUser();
  const rooms = useChatRooms();
  const phone = usePhone();
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const room = rooms.data?.find((r) => r._id === selected) ?? null;
  const select = (id: string | null) => {
    setSelected(id);
    // On a phone the conversation replaces the list: bring its top into view.
    if (phone && id) document.getElementById('chat-title')?.scrollIntoView({ block: 'start' });
  };

  const contacts = (
    <QueryState query={rooms}>
      {(list) => <ContactsList rooms={list} meId={me._id} selected={selected} onSelect={select} />}
    </QueryState>
  );

  return (
    <section aria-labelledby="chat-title">
      <Group justify="space-between" mb="sm">
        <Title id="chat-title" order={3} fz="h4" style={{ scrollMarginTop: 72 }}>
          Chat
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconMessagePlus size={16} />}
          onClick={() => setCreating(true)}
        >
          New chat
        </Button>
      </Group>
      <Card padding="sm">
        {phone ? (
          room ? (
            <Conversation room={room} meId={me._id} height="70dvh" onBack={() => select(null)} />
          ) : (
            <>
              <Text size="sm" fw={600} px="sm" pb={4}>
                Contacts
              </Text>
              {contacts}
            </>
          )
        ) : (
          <Grid gap="md">
            <Grid.Col span={4} style={{ borderRight: '1px solid var(--mantine-color-gray-2)' }}>
              <Text size="sm" fw={600} px="sm" pb={4}>
                Contacts
              </Text>
              {contacts}
            </Grid.Col>
            <Grid.Col span={8}>
              {room ? (
                <Conversation room={room} meId={me._id} height={440} />
              ) : (
                <Text c="dimmed" size="sm" ta="center" py={80}>
                  Pick a contact to see the conversation.
                </Text>
              )}
            </Grid.Col>
          </Grid>
        )}
      </Card>
      <NewChatModal
        opened={creating}
        meId={me._id}
        onClose={() => setCreating(false)}
        onStarted={select}
      />
    </section>
  );
}
