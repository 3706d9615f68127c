import { useRef, type ReactNode } from 'react';
import { Badge, Box, Group, Paper, Text } from '@mantine/core';
import { useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { BOARD } from '@fieldbook/core';

/** A card's height before it is measured, and the gap between cards (px). */
const CARD_ESTIMATE = 96;
const GAP = 10;

interface BoardColumnProps<T> {
  name: string;
  count: number;
  /**
   * While a card is dragged: whether the workflow lets it go here (null when
   * nothing is dragged). A column it may not enter is dimmed and says so.
   */
  allowed: boolean | null;
  /** On a phone the column fills the width. */
  fill: boolean;
  /** The column's cards, in order; only those in view are rendered. */
  items: T[];
  itemKey: (item: T) => string;
  render: (item: T) => ReactNode;
}

/**
 * One status column: 280 wide and 600 high, its cards scrolling inside (spec
 * §9). The cards are virtual: a column of 400 jobs renders the ten in view,
 * so a board of a thousand jobs renders, and re-renders on every push, in a
 * few milliseconds (docs/performance.md, "Board in Chromium").
 */
export function BoardColumn<T>({
  name,
  count,
  allowed,
  fill,
  items,
  itemKey,
  render,
}: BoardColumnProps<T>) {
  const { setNodeRef, isOver } = useDroppable({ id: name });
  const scroller = useRef<HTMLDivElement>(null);
  // The compiler cannot memoise the virtualiser's API; this component is not memoised on purpose.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtual = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ESTIMATE,
    getItemKey: (i) => itemKey(items[i]!),
    gap: GAP,
    overscan: 4,
    paddingStart: 2,
    paddingEnd: 2,
    // The column's size before it is measured: the first render already holds the cards in
    // view, instead of none and then a second render inside the same task when the
    // scroller mounts (opening a board of a thousand jobs was one long task of it).
    initialRect: { width: BOARD.columnWidth, height: BOARD.columnHeight },
  });
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
      <Box ref={scroller} style={{ overflowY: 'auto', flex: 1, minHeight: 0 }} px={2}>
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((v) => (
            <div
              key={v.key}
              data-index={v.index}
              ref={virtual.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                transform: `translateY(${v.start}px)`,
              }}
            >
              {render(items[v.index]!)}
            </div>
          ))}
        </div>
        {count === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No jobs
          </Text>
        )}
      </Box>
    </Paper>
  );
}
