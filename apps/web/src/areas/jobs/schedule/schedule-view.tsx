import { useMemo, useRef, useState } from 'react';
import { Alert, Box, Flex } from '@mantine/core';
import type { EventDragStopInfo } from '@fullcalendar/react';
import {
  can,
  cardMatches,
  DEFAULT_TIME_ZONE,
  isHidden,
  type BoardFilter,
  type TJobCard,
} from '@fieldbook/core';
import { useCurrentCompany } from '../../../app/company-context';
import { errorMessage } from '../../../api/api-client';
import { useActiveCards, useRangeCards } from '../../../api/use-board';
import { useJobTypes } from '../../../api/use-job-types';
import { usePhone } from '../../../ui/use-phone';
import type { CalendarView } from '../board/board-url';
import { loadRange } from './calendar-time';
import { JobCalendar } from './job-calendar';
import { ScheduleAtModal } from './schedule-at-modal';
import { UnscheduledColumn } from './unscheduled-column';
import { useCalendarMoves } from './use-calendar-moves';

export interface ScheduleViewProps {
  /** Which jobs to show (types, users, statuses). */
  filter: BoardFilter;
  /** The date the calendar shows (YYYY-MM-DD, company time), null: today. */
  date: string | null;
  /** The calendar's view, null: week time grid (spec: the default); day or list on a phone. */
  view: CalendarView | null;
  /** The user moved the calendar to another date or view. */
  onNavigate: (date: string, view: CalendarView) => void;
  /** Opens a job in the job modal (the page holds it in the address). */
  onOpenJob: (id: string) => void;
  /** The unscheduled column beside the calendar (default true; /calendar has none). */
  unscheduled?: boolean;
}

/** Whether a pointer let go at (x, y) is inside the element. */
function over(el: HTMLElement | null, x: number, y: number) {
  const r = el?.getBoundingClientRect();
  return !!r && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
}

/**
 * The schedule (issue 11, part 3): the filtered jobs of the loaded range on
 * the calendar, and the unscheduled column beside it (above it on a phone).
 * Cards are dropped on the calendar, events moved, resized, or dragged back
 * onto the column to unschedule them.
 */
export function ScheduleView({ unscheduled: withColumn = true, ...p }: ScheduleViewProps) {
  const { company, member } = useCurrentCompany();
  const tz = company?.timeZone || DEFAULT_TIME_ZONE;
  const phone = usePhone();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const scheduled = useRangeCards(range?.from ?? '', range?.to ?? '');
  const active = useActiveCards();
  const column = useRef<HTMLDivElement>(null);
  const [scheduling, setScheduling] = useState<TJobCard | null>(null);
  const mayMove = can(member, 'appointments', 'u');

  // A finished job (its status final or hidden) is not dragged on the calendar: moving it
  // back to Unscheduled would reopen work that was done and invoiced.
  const types = useJobTypes();
  const finished = useMemo(() => {
    const done = new Set(
      (types.data ?? []).flatMap((t) =>
        t.statuses.filter((st) => isHidden(st)).map((st) => `${t._id}\n${st.name}`),
      ),
    );
    return (c: TJobCard) => c.hasSchedule && done.has(`${c.appointmentTypeId}\n${c.shownStatus}`);
  }, [types.data]);
  const events = useMemo(
    () => (scheduled.data ?? []).filter((c) => cardMatches(c, p.filter)),
    [scheduled.data, p.filter],
  );
  const waiting = useMemo(
    () => (active.data ?? []).filter((c) => !c.hasSchedule && cardMatches(c, p.filter)),
    [active.data, p.filter],
  );
  const moves = useCalendarMoves(waiting);

  const onVisible = (startStr: string, endStr: string) => {
    const next = loadRange(startStr, endStr, tz);
    setRange((r) => (r && r.from === next.from && r.to === next.to ? r : next));
  };
  const onDragOut = (card: TJobCard, info: EventDragStopInfo) => {
    const { clientX, clientY } = pointOf(info.jsEvent);
    if (withColumn && mayMove && over(column.current, clientX, clientY)) moves.unschedule(card);
  };

  const problem = scheduled.error ?? (withColumn ? active.error : null);
  const calendar = (
    <Box style={{ flex: 1, minWidth: 0 }}>
      {problem && (
        <Alert color="red" mb="xs" title="Jobs not loaded">
          {errorMessage(problem)}
        </Alert>
      )}
      <JobCalendar
        cards={events}
        timeZone={tz}
        date={p.date}
        view={p.view}
        onNavigate={p.onNavigate}
        onVisible={onVisible}
        onOpenJob={p.onOpenJob}
        fixed={finished}
        onChange={mayMove ? moves.onChange : undefined}
        onDropCard={withColumn && mayMove ? moves.onDropCard : undefined}
        onDragOut={onDragOut}
      />
    </Box>
  );
  if (!withColumn) return calendar;

  return (
    <Flex direction={phone ? 'column' : 'row'} gap="md" align="stretch">
      <UnscheduledColumn
        cards={waiting}
        boxRef={column}
        phone={phone}
        onOpenJob={p.onOpenJob}
        onScheduleAction={mayMove ? setScheduling : undefined}
      />
      {calendar}
      <ScheduleAtModal
        key={scheduling?._id ?? 'none'}
        card={scheduling}
        timeZone={tz}
        day={p.date}
        onClose={() => setScheduling(null)}
        onSchedule={moves.scheduleAt}
      />
    </Flex>
  );
}

/** Where a mouse or a finger let go. */
function pointOf(ev: MouseEvent | TouchEvent): { clientX: number; clientY: number } {
  if ('changedTouches' in ev && ev.changedTouches.length) return ev.changedTouches[0]!;
  return ev as MouseEvent;
}
