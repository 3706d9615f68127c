import { useCallback, useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, SegmentedControl, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import {
  DEFAULT_TIME_ZONE,
  currentPeriod,
  parsePeriodQuery,
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

/**
 * The period of a date-filtered list: the current month in the company's zone
 * to begin with. Until the company has loaded the default zone stands in; when
 * the company's zone arrives (or the company changes) the list starts again at
 * that zone's current period.
 */
export function usePeriod(timeZone: string | undefined) {
  const tz = timeZone ?? DEFAULT_TIME_ZONE;
  const [state, setState] = useState(() => ({ tz, period: currentPeriod(0, tz) }));
  let current = state;
  if (state.tz !== tz) {
    current = { tz, period: currentPeriod(state.period.type, tz) };
    // Adjusting state while rendering, as React documents for a changed input.
    setState(current);
  }
  const setPeriod = useCallback((period: Period) => setState({ tz, period }), [tz]);
  return [current.period, setPeriod] as const;
}

/**
 * The period held in the page's URL (`from`, `to`, `type`, as the API reads
 * them), so a reload or Back shows the same period. Without them, or with
 * ones that do not read as a period, the current period of `defaultType` in
 * the company's zone. A change replaces the history entry: Back leaves the
 * screen rather than stepping through periods.
 */
export function useUrlPeriod(timeZone: string | undefined, defaultType: PeriodType = 0) {
  const tz = timeZone ?? DEFAULT_TIME_ZONE;
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const type = params.get('type') ?? undefined;
  let period: Period;
  try {
    period =
      from || to
        ? parsePeriodQuery({ from, to, type: type ?? defaultType }, tz)
        : currentPeriod(defaultType, tz);
  } catch {
    period = currentPeriod(defaultType, tz);
  }
  const setPeriod = useCallback(
    (p: Period) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          next.set('from', p.from);
          next.set('to', p.to);
          next.set('type', String(p.type));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [period, setPeriod] as const;
}

/** The query string of a date-filtered GET (DECISIONS §5). */
export const periodQuery = (p: Period) => `from=${p.from}&to=${p.to}&type=${p.type}`;

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
