import type { BoardFilter } from '@fieldbook/core';
import type { CalendarView } from '../board/board-url';

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
}

/** The schedule: FullCalendar with an unscheduled column beside it (issue 11, part 3). */
export function ScheduleView(_props: ScheduleViewProps) {
  return null;
}
