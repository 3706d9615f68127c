import { ActionIcon, Button, Group, SegmentedControl, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { CalendarView } from '../board/board-url';
import { DAY_START_CHOICES } from './calendar-time';

const VIEW_LABELS: Record<CalendarView, string> = {
  dayGridMonth: 'Month',
  timeGridWeek: 'Week',
  timeGridDay: 'Day',
  listWeek: 'List',
};

interface CalendarToolbarProps {
  title: string;
  view: CalendarView;
  /** The views offered (a phone has no week time grid). */
  views: readonly CalendarView[];
  dayStart: string;
  onDayStart: (v: string) => void;
  onPrev: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (v: CalendarView) => void;
}

/** Prev, next, today, the title, the views and 'Day starts'; wraps on a phone. */
export function CalendarToolbar(p: CalendarToolbarProps) {
  const timed = p.view === 'timeGridWeek' || p.view === 'timeGridDay';
  return (
    <Group justify="space-between" gap="xs" mb="xs" wrap="wrap">
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" size="lg" aria-label="Previous" onClick={p.onPrev}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <ActionIcon variant="default" size="lg" aria-label="Next" onClick={p.onNext}>
          <IconChevronRight size={18} />
        </ActionIcon>
        <Button variant="default" onClick={p.onToday} style={{ flexShrink: 0 }}>
          Today
        </Button>
      </Group>
      <Text fw={600} data-testid="calendar-title" style={{ flex: 1 }}>
        {p.title}
      </Text>
      <Group gap="xs" wrap="wrap">
        {timed && (
          <Select
            aria-label="Day starts"
            placeholder="Day starts"
            leftSection={<Text size="xs">Day starts</Text>}
            leftSectionWidth={72}
            w={160}
            data={DAY_START_CHOICES}
            value={p.dayStart}
            onChange={(v) => v && p.onDayStart(v)}
            allowDeselect={false}
          />
        )}
        <SegmentedControl
          aria-label="Calendar view"
          value={p.view}
          onChange={(v) => p.onView(v as CalendarView)}
          data={p.views.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
        />
      </Group>
    </Group>
  );
}
