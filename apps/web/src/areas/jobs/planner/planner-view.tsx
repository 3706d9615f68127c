import { useMemo } from 'react';
import { ActionIcon, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import dayjs from 'dayjs';
import {
  DEFAULT_TIME_ZONE,
  addDays,
  calendarRange,
  cardMatches,
  dayStartIn,
  plannerSchedule,
  plannerSpanRange,
  plannerStep,
  todayIn,
  weekStart,
  type BoardFilter,
  type PlannerSpan,
} from '@fieldbook/core';
import { useCurrentCompany } from '../../../app/company-context';
import { useRangeCards } from '../../../api/use-board';
import { ErrorAlert } from '../../../ui/query-state';
import { PlannerJob } from './planner-job';

export interface PlannerViewProps {
  /** Which jobs to show; userIds holds exactly one user (spec §4). */
  filter: BoardFilter & { userIds: readonly string[] };
  /** The day shown, or the first day of the week shown (YYYY-MM-DD, company time); null: today. */
  date: string | null;
  span: 'day' | 'week';
  onNavigate: (date: string, span: 'day' | 'week') => void;
  onOpenJob: (id: string) => void;
  /** Opens the route screen for the day shown (day mode). */
  onPlanRoute?: (date: string) => void;
}

/** 'Tuesday 2026-11-24' (spec §9: dates as YYYY-MM-DD). */
const dayTitle = (ymd: string) => `${dayjs(ymd).format('dddd')} ${ymd}`;

/**
 * The planner: one user's scheduled jobs of a day or a week (Monday to
 * Sunday) in the company's time zone, each day in order (core plannerOrder:
 * all day first, then a route plan's order, then start time). The route
 * screen (issue 13) hangs off a day here.
 */
export function PlannerView({
  filter,
  date,
  span,
  onNavigate,
  onOpenJob,
  onPlanRoute,
}: PlannerViewProps) {
  const timeZone = useCurrentCompany().company?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone);
  const shown = date ?? today;
  const { first, end } = plannerSpanRange(shown, span);
  // The calendar's 2-month range, so the planner and schedule share loads.
  const range = calendarRange(first, end);
  const cards = useRangeCards(
    dayStartIn(range.from, timeZone).toISOString(),
    dayStartIn(range.to, timeZone).toISOString(),
  );
  const days = useMemo(
    () =>
      plannerSchedule(
        (cards.data ?? []).filter((c) => cardMatches(c, filter)),
        shown,
        span,
        timeZone,
      ),
    [cards.data, filter, shown, span, timeZone],
  );
  const unit = span === 'day' ? 'day' : 'week';
  const go = (d: string, s: PlannerSpan = span) => onNavigate(s === 'week' ? weekStart(d) : d, s);
  const heading = span === 'day' ? dayTitle(shown) : `${first} – ${addDays(end, -1)}`;

  return (
    <Stack gap="md" data-testid="planner">
      <Group justify="space-between" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Previous ${unit}`}
            onClick={() => go(plannerStep(shown, span, -1))}
          >
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => go(today)}>
            Today
          </Button>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Next ${unit}`}
            onClick={() => go(plannerStep(shown, span, 1))}
          >
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
        <SegmentedControl
          aria-label="Planner span"
          value={span}
          onChange={(v) => go(shown, v as PlannerSpan)}
          data={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
          ]}
        />
      </Group>
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4" data-testid="planner-title">
          {heading}
        </Title>
        {span === 'day' && onPlanRoute && (
          <Button variant="light" onClick={() => onPlanRoute(shown)}>
            Plan route
          </Button>
        )}
      </Group>
      {cards.error ? <ErrorAlert error={cards.error} /> : null}
      {cards.isLoading ? (
        <Text c="dimmed">Loading jobs…</Text>
      ) : (
        days.map((d) => (
          <Stack key={d.date} gap="xs" component="section" aria-label={dayTitle(d.date)}>
            {span === 'week' && (
              <Title order={3} size="h5" c={d.date === today ? 'blue' : undefined}>
                {dayTitle(d.date)}
              </Title>
            )}
            {d.jobs.length === 0 ? (
              <Text c="dimmed" size="sm" data-testid="planner-empty">
                {span === 'day' ? 'No jobs planned for this day.' : 'No jobs.'}
              </Text>
            ) : (
              <Stack gap="xs" role="list" aria-label={`Jobs on ${d.date}`}>
                {d.jobs.map((c) => (
                  <PlannerJob key={c._id} card={c} timeZone={timeZone} onOpen={onOpenJob} />
                ))}
              </Stack>
            )}
          </Stack>
        ))
      )}
    </Stack>
  );
}
