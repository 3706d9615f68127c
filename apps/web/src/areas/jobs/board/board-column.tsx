import type { ReactNode } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { BOARD } from '@fieldbook/core';

interface BoardColumnProps {
  name: string;
  count: number;
  /**
   * While a card is dragged: whether the workflow lets it go here (null when
   * nothing is dragged). A column it may not enter is dimmed and says so.
   */
  allowed: boolean | null;
  /** On a phone the column fills the width. */
  fill: boolean;
  children: ReactNode;
}

/** One status column: 280 wide and 600 high, its cards scrolling inside (spec §9). */
export function BoardColumn({ name, count, allowed, fill, children }: BoardColumnProps) {
  const { setNodeRef, isOver } = useDroppable({ id: name });
  const refused = allowed === false;
  const tone = !isOver ? undefined : refused ? 'red' : 'blue';
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      bg={refused ? 'gray.1' : 'gray.0'}
      role="region"
      aria-label={`${name}, ${count} ${count === 1 ? 'job' : 'jobs'}`}
      data-testid="board-column"
      data-column={name}
      data-allowed={allowed === null ? undefined : String(allowed)}
      style={{
        width: fill ? '100%' : BOARD.columnWidth,
        flex: fill ? '1 1 auto' : `0 0 ${BOARD.columnWidth}px`,
        height: BOARD.columnHeight,
        display: 'flex',
        flexDirection: 'column',
        opacity: refused ? 0.55 : 1,
        outline: tone ? `2px solid var(--mantine-color-${tone}-6)` : undefined,
        transition: 'opacity 120ms',
      }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} size="sm" truncate>
          {name}
        </Text>
        <Badge variant="light" color="gray" aria-hidden>
          {count}
        </Badge>
      </Group>
      {refused && (
        <Text size="xs" c="dimmed" mb={4}>
          Not allowed from this job&apos;s status
        </Text>
      )}
      <Stack gap="xs" style={{ overflowY: 'auto', flex: 1, minHeight: 0 }} p={2}>
        {children}
        {count === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No jobs
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
