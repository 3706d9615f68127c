import { useEffect, useRef } from 'react';
import { ActionIcon, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import {
  DEFAULT_TIME_ZONE,
  currentPeriod,
  periodLabel,
  shiftPeriod,
  switchPeriodType,
  todayIn,
  type Period,
  type PeriodType,
} from '@fieldbook/core';

const TYPES: { label: string; value: PeriodType }[] = [
  { label: 'Year', value: 1 },
  { label: 'Month', value: 0 },
  { label: 'Day', value: 2 },
];

interface PeriodFilterProps {
  value: Period;
  onChange: (p: Period) => void;
  timeZone: string | undefined;
}

/** Year (financial year), Month, Day; previous, next and Current. */
export function PeriodFilter({ value, onChange, timeZone }: PeriodFilterProps) {
  const tz = timeZone ?? DEFAULT_TIME_ZONE;
  // The last day shown in Day view, so Day to Month and back returns to it.
  const lastDay = useRef<string | null>(null);
  useEffect(() => {
    if (value.type === 2) lastDay.current = value.from;
  }, [value]);
  return (
    <Group gap="xs" wrap="wrap">
      <SegmentedControl
        size="xs"
        aria-label="Period"
        data={TYPES.map((t) => ({ label: t.label, value: String(t.value) }))}
        value={String(value.type)}
        // Keep the day in view, or today, in view in the new unit.
        onChange={(v) =>
          onChange(switchPeriodType(value, Number(v) as PeriodType, todayIn(tz), lastDay.current))
        }
      />
      {/* The arrows stay on the label's line, however narrow the screen. */}
      <Group gap="xs" wrap="nowrap" data-testid="period-stepper">
        <ActionIcon
          variant="default"
          aria-label="Previous period"
          onClick={() => onChange(shiftPeriod(value, -1))}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <Text fw={600} miw={130} ta="center" data-testid="period-label">
          {periodLabel(value)}
        </Text>
        <ActionIcon
          variant="default"
          aria-label="Next period"
          onClick={() => onChange(shiftPeriod(value, 1))}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
      <Button size="xs" variant="light" onClick={() => onChange(currentPeriod(value.type, tz))}>
        Current
      </Button>
    </Group>
  );
}
