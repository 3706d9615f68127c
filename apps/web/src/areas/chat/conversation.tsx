import { useEffect, useRef, useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { CHAT_TEXT_MAX, type TChatRoom } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import {
  messagesOf,
  useChatConnected,
  useConversation,
  useMarkRead,
  useSendMessage,
} from '../../api/use-chat';
import { useChatTime, personName, roomTitle } from './chat-format';
import classes from './chat.module.css';

/** Whether the socket is up: messages arrive live, or only when the page polls. */
function LiveMark() {
  const live = useChatConnected();
  return (
    <Text
      size="xs"
      c={live ? 'teal.9' : 'dimmed'}
      role="status"
      aria-live="polite"
      style={{ whiteSpace: 'nowrap' }}
    >
      {live ? '● Connected' : '○ Disconnected'}
    </Text>
  );
}

/**
 * The selected conversation: older pages on demand at the top, newest at the
 * bottom, and the message box ('Type Message ...', Send; Enter sends,
 * Shift+Enter starts a new line). What is shown is marked read.
 */
export function Conversation({
  room,
  meId,
  height,
  onBack,
}: {
  room: TChatRoom;
  meId: string;
  height: number | string;
  onBack?: () => void;
}) {
  const chatTime = useChatTime();
  const conv = useConversation(room._id);
  const send = useSendMessage(room._id);
  const markRead = useMarkRead();
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const messages = messagesOf(conv.data?.pages);
  const newest = messages[messages.length - 1]?._id;

  // A new newest message: scroll to it, and count it read (the room is on screen).
  useEffect(() => {
    if (!newest) return;
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
    if (room.unread > 0 && document.visibilityState === 'visible') markRead.mutate(room._id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on a new message or unread count only
  }, [newest, room._id, room.unread]);

  // Back to a tab that was hidden when messages came: now they are seen.
  useEffect(() => {
    if (room.unread === 0) return;
    const seen = () => {
      if (document.visibilityState === 'visible') markRead.mutate(room._id);
    };
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- markRead is a new object each render
  }, [room._id, room.unread]);

  const submit = () => {
    const t = text.trim();
    if (!t || send.isPending) return;
    send.mutate(t, { onSuccess: () => setText('') });
  };

  const title = roomTitle(room, meId);
  return (
    <Stack gap="xs" h={height} aria-label={`Conversation with ${title}`} component="section">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" miw={0}>
          {onBack && (
            <ActionIcon variant="subtle" onClick={onBack} aria-label="Back to contacts">
              <IconArrowLeft size={18} />
            </ActionIcon>
          )}
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {title}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {room.users.map(personName).join(', ')}
            </Text>
          </div>
        </Group>
        <LiveMark />
      </Group>
      <ScrollArea viewportRef={viewport} style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Stack gap={6} p={4}>
          {conv.hasNextPage && (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => void conv.fetchNextPage()}
              loading={conv.isFetchingNextPage}
              style={{ alignSelf: 'center' }}
            >
              Load older messages
            </Button>
          )}
          {conv.isLoading && <Loader size="sm" style={{ alignSelf: 'center' }} />}
          {conv.isError && (
            <Text c="red" size="sm">
              {errorMessage(conv.error)}
            </Text>
          )}
          {conv.isSuccess && messages.length === 0 && (
            <Text c="dimmed" size="sm" ta="center">
              No messages yet. Say hello.
            </Text>
          )}
          {messages.map((m) => {
            const mine = m.user?._id === meId;
            return (
              <Box
                key={m._id}
                className={`${classes.bubble} ${mine ? classes.mine : classes.theirs}`}
                data-testid="chat-message"
              >
                <Text size="xs" c="dimmed">
                  {mine ? 'You' : m.user ? personName(m.user) : 'Former member'} ·{' '}
                  <time dateTime={m.createdAt}>{chatTime(m.createdAt)}</time>
                </Text>
                <Text size="sm">{m.message}</Text>
              </Box>
            );
          })}
        </Stack>
      </ScrollArea>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <Textarea
            aria-label="Message"
            placeholder="Type Message ..."
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                submit();
              }
            }}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={CHAT_TEXT_MAX}
            error={send.isError ? errorMessage(send.error) : undefined}
            style={{ flex: 1 }}
          />
          <Button
            type="submit"
            leftSection={<IconSend size={16} />}
            loading={send.isPending}
            disabled={!text.trim()}
          >
            Send
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
