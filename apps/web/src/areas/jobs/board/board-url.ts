import type { BoardSort, BoardView } from '@fieldbook/core';
import { useScreenSearchParams } from '../../../ui/use-screen-search';

/** The schedule's FullCalendar views (spec §2): month grid, week and day time grids, week list. */
export const CALENDAR_VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/**
 * Everything the board shows is in the address, so a reload, a shared link or
 * Back gives the same screen: view, types, users (absent: everyone),
 * statuses (absent: all), sort, date (YYYY-MM-DD), the calendar's view,
 * the planner's span and the phone's column.
 */
export interface BoardParams {
  view: BoardView;
  types: string[];
  users: string[] | null;
  statuses: string[] | null;
  sort: BoardSort;
  date: string | null;
  cal: CalendarView | null;
  span: 'day' | 'week';
  col: string | null;
  /** The route screen's workday start hour (7..17); null: 08:00. */
  start: number | null;
}

const list = (v: string | null) => (v === null ? null : v.split(',').filter(Boolean));
const VIEWS: BoardView[] = ['statuses', 'schedule', 'planner', 'route'];

function hour(v: string | null): number | null {
  const h = v === null ? NaN : Number(v);
  return Number.isInteger(h) && h >= 7 && h <= 17 ? h : null;
}

export function readBoardParams(p: URLSearchParams): BoardParams {
  const view = p.get('view') as BoardView;
  const cal = p.get('cal') as CalendarView;
  const date = p.get('date');
  return {
    view: VIEWS.includes(view) ? view : 'statuses',
    types: list(p.get('types')) ?? [],
    users: list(p.get('users')),
    statuses: list(p.get('statuses')),
    sort: p.get('sort') === 'id' ? 'id' : 'importance',
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    cal: CALENDAR_VIEWS.includes(cal) ? cal : null,
    span: p.get('span') === 'week' ? 'week' : 'day',
    col: p.get('col'),
    start: hour(p.get('start')),
  };
}

/** Writes a change into the search parameters; the job modal's `job` parameter is kept. */
export function writeBoardParams(p: URLSearchParams, patch: Partial<BoardParams>): URLSearchParams {
  const next = new URLSearchParams(p);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined) next.delete(k);
    else next.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return next;
}

/**
 * The board's parameters and a setter. A change of view, type or filter
 * replaces the history entry (Back leaves the board, not each click).
 */
export function useBoardParams(): [BoardParams, (patch: Partial<BoardParams>) => void] {
  const [params, setParams] = useScreenSearchParams();
  return [
    readBoardParams(params),
    (patch) => setParams((p) => writeBoardParams(p, patch), { replace: true }),
  ];
}
