import { Avatar, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TChatRoom } from '@fieldbook/core';
import { useChatTime, initials, roomTitle } from './chat-format';
import classes from './chat.module.css';

/** The Contacts: the user's rooms, latest first, each with its unread count. */
export function ContactsList({
  rooms,
  meId,
  selected,
  onSelect,
}: {
  rooms: TChatRoom[];
  meId: string;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const chatTime = useChatTime();
  if (rooms.length === 0)
    return (
      <Text c="dimmed" size="sm" p="sm">
        No conversations yet. Start one with New chat.
      </Text>
    );
  return (
    <Stack gap={2} component="ul" className={classes.list} aria-label="Contacts">
      {rooms.map((r) => {
        const title = roomTitle(r, meId);
        const last = r.lastMessage;
        return (
          <li key={r._id}>
            <UnstyledButton
              className={classes.contact}
              data-active={r._id === selected || undefined}
              aria-current={r._id === selected ? 'true' : undefined}
              onClick={() => onSelect(r._id)}
            >
              <Group wrap="nowrap" gap="sm">
                <Avatar color="brand" radius="xl" aria-hidden>
                  {initials(title)}
                </Avatar>
                <div className={classes.grow}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={r.unread ? 700 : 500} size="sm" truncate>
                      {title}
                    </Text>
                    {r.unread > 0 && (
                      <Badge
                        size="sm"
                        color="red"
                        circle={r.unread < 10}
                        aria-label={`${r.unread} unread`}
                      >
                        {r.unread}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed" truncate>
                    {last ? `${chatTime(last.createdAt)} · ${last.message}` : 'No messages yet'}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
