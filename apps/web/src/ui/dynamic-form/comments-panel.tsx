import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { DEFAULT_TIME_ZONE, dateTimeIn } from '@fieldbook/core';
import { errorMessage } from '../../api/api-client';
import { WAITING_PREFIX } from '../../api/offline/outbox';
import { useAddJobComment, useJobComments } from '../../api/use-jobs';
import { useCurrentCompany } from '../../app/company-context';

/** Spec §9: date YYYY-MM-DD with time HH:mm, on the company's clock (as the board and the form). */
export const commentTime = (iso: string, timeZone: string) => dateTimeIn(iso, timeZone);

interface CommentsPanelProps {
  label: string;
  jobId: string | null;
  /** No adding (view only). */
  locked: boolean;
}

/**
 * The job's comments: the two most recent with author and time, 'Show all'
 * loads the rest; a comment is added at once (not with the job's Save).
 */
export function CommentsPanel({ label, jobId, locked }: CommentsPanelProps) {
  const timeZone = useCurrentCompany().company?.timeZone || DEFAULT_TIME_ZONE;
  const [all, setAll] = useState(false);
  const [text, setText] = useState('');
  const comments = useJobComments(jobId, all);
  const add = useAddJobComment(jobId ?? '');
  const list = comments.data?.comments ?? [];
  const total = comments.data?.total ?? 0;
  // Ask for all, but show the two most recent until the rest arrive.
  const shown = all ? list : list.slice(0, 2);

  const submit = () => {
    const t = text.trim();
    if (!t) return;
    add.mutate(t, { onSuccess: () => setText('') });
  };

  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        {label}
      </Text>
      {!jobId ? (
        <Text size="sm" c="dimmed">
          Save the job first to add comments.
        </Text>
      ) : (
        <Stack gap="xs">
          {comments.error && (
            <Text size="sm" c="red">
              {errorMessage(comments.error)}
            </Text>
          )}
          {!comments.isLoading && total === 0 && (
            <Text size="sm" c="dimmed">
              No comments yet
            </Text>
          )}
          <Stack gap={6} role="list" aria-label={label}>
            {shown.map((c) => (
              <Paper key={c._id} withBorder p="xs" radius="sm" role="listitem">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="xs" fw={600}>
                    {c.author || 'Someone'}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {c._id.startsWith(WAITING_PREFIX)
                      ? 'Waiting to send'
                      : commentTime(c.createdAt, timeZone)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {c.text}
                </Text>
              </Paper>
            ))}
          </Stack>
          {!all && total > shown.length && (
            <Button variant="subtle" size="xs" w="fit-content" onClick={() => setAll(true)}>
              Show all ({total})
            </Button>
          )}
          {!locked && (
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <Textarea
                aria-label="New comment"
                placeholder="Add a comment"
                autosize
                minRows={1}
                style={{ flex: 1 }}
                value={text}
                error={add.error ? errorMessage(add.error) : undefined}
                onChange={(e) => setText(e.currentTarget.value)}
              />
              <Button onClick={submit} loading={add.isPending} disabled={!text.trim()}>
                Add comment
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </div>
  );
}
