import { useEffect, useRef, useState, type Ref } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Collapse,
  Group,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconCalendarPlus, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Draggable } from '@fullcalendar/react/interaction';
import { cardText, priorityBorder, type TJobCard } from '@fieldbook/core';
import { eventTitle } from './calendar-time';

interface UnscheduledColumnProps {
  cards: readonly TJobCard[];
  /** The column's box, so an event let go over it is taken back (the schedule tests it). */
  boxRef: Ref<HTMLDivElement>;
  phone: boolean;
  onOpenJob: (id: string) => void;
  /** The 'Schedule…' action of a card. */
  onScheduleAction?: (card: TJobCard) => void;
}

const BORDER = {
  red: 'var(--mantine-color-red-7)',
  orange: 'var(--mantine-color-orange-6)',
  green: 'var(--mantine-color-green-7)',
};

/**
 * The unscheduled jobs beside the calendar (above it on a phone, folding
 * away). Each card is a FullCalendar external draggable: a mouse drags at
 * once, a finger after a long press.
 */
export function UnscheduledColumn({
  cards,
  boxRef,
  phone,
  onOpenJob,
  onScheduleAction,
}: UnscheduledColumnProps) {
  const list = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(true);

  useEffect(() => {
    if (!list.current) return;
    const d = new Draggable(list.current, {
      itemSelector: '[data-card-id]',
      longPressDelay: 350,
      eventData: (el) => ({ title: el.dataset.title ?? '', duration: '01:00', create: false }),
    });
    return () => d.destroy();
  }, []);

  const header = (
    <Group justify="space-between" wrap="nowrap" mb={open ? 'xs' : 0}>
      <Group gap="xs">
        <Text fw={600}>Unscheduled</Text>
        <Badge variant="light">{cards.length}</Badge>
      </Group>
      {phone && (
        <ActionIcon
          variant="subtle"
          aria-label={open ? 'Hide unscheduled jobs' : 'Show unscheduled jobs'}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
        </ActionIcon>
      )}
    </Group>
  );

  return (
    <Paper
      ref={boxRef}
      withBorder
      p="sm"
      radius="md"
      data-testid="unscheduled-column"
      w={phone ? '100%' : 280}
      style={{ flexShrink: 0 }}
    >
      {header}
      <Collapse expanded={open || !phone}>
        <Box ref={list} style={{ maxHeight: phone ? 260 : 700, overflowY: 'auto' }}>
          <Stack gap="xs" role="list" aria-label="Unscheduled jobs">
            {cards.length === 0 && (
              <Text size="sm" c="dimmed" ta="center" py="sm">
                No unscheduled jobs.
              </Text>
            )}
            {cards.map((c) => {
              const border = priorityBorder(c.priority);
              return (
                <Paper
                  key={c._id}
                  withBorder
                  radius="sm"
                  p={6}
                  role="listitem"
                  className="unscheduled-card"
                  data-card-id={c._id}
                  data-title={eventTitle(c)}
                  style={
                    border
                      ? { borderLeft: `${border.width}px solid ${BORDER[border.color]}` }
                      : undefined
                  }
                >
                  <Group gap={4} wrap="nowrap" align="flex-start">
                    <UnstyledButton
                      style={{ flex: 1, minWidth: 0 }}
                      onClick={() => onOpenJob(c._id)}
                    >
                      <Text size="sm" fw={600}>
                        {c.appointmentNumber} ·{' '}
                        {cardText(`${c.clientName} ${c.clientSurname}`.trim())}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {cardText(c.faultDescription)}
                      </Text>
                    </UnstyledButton>
                    {onScheduleAction && (
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Schedule… job ${c.appointmentNumber}`}
                        title="Schedule…"
                        onClick={() => onScheduleAction(c)}
                      >
                        <IconCalendarPlus size={18} />
                      </ActionIcon>
                    )}
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </Box>
      </Collapse>
    </Paper>
  );
}
