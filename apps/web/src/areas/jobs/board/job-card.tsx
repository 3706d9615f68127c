import type { KeyboardEvent } from 'react';
import { ActionIcon, Group, Menu, Paper, Text } from '@mantine/core';
import { IconArrowsRightLeft } from '@tabler/icons-react';
import { useDraggable } from '@dnd-kit/core';
import { cardText, priorityBorder, startTone, type TJobCard } from '@fieldbook/core';

/** `YYYY-MM-DD HH:mm` in the company's time zone (spec §9). */
export function boardDate(iso: string, timeZone: string | undefined): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timeZone || undefined,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('year')}-${p('month')}-${p('day')} ${p('hour')}:${p('minute')}`;
}

interface CardBodyProps {
  card: TJobCard;
  timeZone: string | undefined;
}

/** What a card shows: number, fault, client, start (red when past), assignees. */
function CardBody({ card, timeZone }: CardBodyProps) {
  const client = `${card.clientName} ${card.clientSurname}`.trim();
  const names = card.assignedUsers.map((u) => u.name).filter(Boolean);
  return (
    <>
      <Text fw={600} size="sm">
        Job {card.appointmentNumber}
      </Text>
      {card.faultDescription && <Text size="sm">{cardText(card.faultDescription)}</Text>}
      {client && (
        <Text size="sm" c="dimmed">
          {cardText(client)}
        </Text>
      )}
      {card.hasSchedule && card.startDate && (
        <Text size="xs" fw={600} c={startTone(card.startDate)} data-testid="card-start">
          {card.isAllDayEvent
            ? `${boardDate(card.startDate, timeZone).slice(0, 10)} · All day`
            : boardDate(card.startDate, timeZone)}
        </Text>
      )}
      {names.length > 0 && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {names.join(', ')}
        </Text>
      )}
    </>
  );
}

const border = (card: TJobCard) => {
  const b = priorityBorder(card.priority);
  return b ? `${b.width}px solid var(--mantine-color-${b.color}-6)` : undefined;
};

// The menu lives inside the card (and its portal's events bubble through React
// to it): its clicks, presses and keys must not open the job or start a drag.
const stop = (e: { stopPropagation: () => void }) => e.stopPropagation();
const stopDrag = { onClick: stop, onPointerDown: stop, onTouchStart: stop, onKeyDown: stop };

interface JobCardProps extends CardBodyProps {
  /**
   * Where the card may move from where it is (core boardMoves): columns, and
   * allowed statuses without one (final or hidden), so a job can be finished here.
   */
  moves: { onBoard: string[]; offBoard: string[] };
  onOpen: () => void;
  onMove: (column: string) => void;
  /** A move is being saved, or the user may not change jobs. */
  disabled: boolean;
}

/**
 * A draggable card. A click or Enter opens the job; Space picks it up for a
 * keyboard drag; the "Move to…" menu moves it without dragging (phones,
 * screen readers).
 */
export function JobCard({ card, timeZone, moves, onOpen, onMove, disabled }: JobCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: card._id,
    disabled,
  });
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && e.target === e.currentTarget) {
      e.preventDefault();
      onOpen();
      return;
    }
    listeners?.onKeyDown?.(e);
  };
  // The card's text is the handle (a button named by what it shows); the
  // menu sits beside it, not inside it, so no control is nested in another.
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="sm"
      p="xs"
      data-testid="job-card"
      data-job={card.appointmentNumber}
      style={{ borderLeft: border(card), opacity: isDragging ? 0.4 : 1 }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap={4}>
        <div
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          onKeyDown={onKeyDown}
          onClick={onOpen}
          aria-roledescription="draggable job"
          data-testid="job-card-handle"
          style={{
            minWidth: 0,
            flex: 1,
            cursor: disabled ? 'pointer' : 'grab',
            touchAction: 'manipulation',
            borderRadius: 4,
          }}
        >
          <CardBody card={card} timeZone={timeZone} />
        </div>
        {!disabled && moves.onBoard.length + moves.offBoard.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move job ${card.appointmentNumber} to…`}
                {...stopDrag}
              >
                <IconArrowsRightLeft size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown {...stopDrag}>
              <Menu.Label>Move to…</Menu.Label>
              {moves.onBoard.map((m) => (
                <Menu.Item key={m} onClick={() => onMove(m)}>
                  {m}
                </Menu.Item>
              ))}
              {moves.offBoard.length > 0 && (
                <>
                  <Menu.Divider />
                  <Menu.Label>Not on the board</Menu.Label>
                  {moves.offBoard.map((m) => (
                    <Menu.Item key={m} onClick={() => onMove(m)}>
                      {m}
                    </Menu.Item>
                  ))}
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
}

/** The card under the pointer while it is dragged (drawn above every column). */
export function DraggedCard({ card, timeZone }: CardBodyProps) {
  return (
    <Paper
      withBorder
      shadow="md"
      radius="sm"
      p="xs"
      w={260}
      style={{ borderLeft: border(card), cursor: 'grabbing' }}
    >
      <CardBody card={card} timeZone={timeZone} />
    </Paper>
  );
}
