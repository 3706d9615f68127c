import type { TJobCard, TStatus } from '../contracts/jobs.js';
import { priorityRank } from './priority.js';
import { allowedMoves, isHidden, moveRefusal, SCHEDULED, UNSCHEDULED } from './workflow.js';

/** Spec §9: the board's sizes and the calendar's hours. */
export const BOARD = {
  columnWidth: 280,
  columnHeight: 600,
  /** Working-hour choices run 7 to 17 (spec §9). */
  workHourChoices: [7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17] as const,
  /** The day starts at 08:00 (spec §9). */
  workdayStart: '08:00',
  /** A calendar drop without an end lasts one hour (spec §9). */
  eventMinutes: 60,
} as const;

/** 'route' is the route screen of one user's day, reached from the planner (issue 13). */
export type BoardView = 'statuses' | 'schedule' | 'planner' | 'route';
export type BoardSort = 'importance' | 'id';

/** What a job's place on the board is read from. */
type Placed = Pick<TJobCard, 'status' | 'hasSchedule' | 'shownStatus'>;

/**
 * The board's columns for one type (spec §4, DECISIONS §12): Unscheduled,
 * Scheduled (where a calendar drop puts a job), then each status of the type
 * that is not hidden, in the type's order.
 */
export function boardColumns(statuses: Pick<TStatus, 'name' | 'draw' | 'next' | 'hide'>[]) {
  const shown = statuses.filter((s) => !isHidden(s)).map((s) => s.name);
  return [UNSCHEDULED, SCHEDULED, ...shown.filter((n) => n !== UNSCHEDULED && n !== SCHEDULED)];
}

/**
 * The column a phone's board opens on (one column at a time) when the
 * address names none: the first with jobs, so eight scheduled jobs are not
 * hidden behind an empty Unscheduled; the first column when all are empty.
 */
export function openingColumn(columns: readonly string[], count: (column: string) => number) {
  return columns.find((c) => count(c) > 0) ?? columns[0] ?? UNSCHEDULED;
}

/**
 * The column a card sits in: its shown status when the board has it; a job in
 * a status the type no longer shows (renamed away, or hidden while the job was
 * in it) sits in Scheduled, so no active job is ever off the board.
 */
export function columnOf(card: Placed, columns: readonly string[]): string {
  if (!card.hasSchedule) return UNSCHEDULED;
  return columns.includes(card.shownStatus) ? card.shownStatus : SCHEDULED;
}

/**
 * The save a drop on a column makes (spec §4): the column's status;
 * hasSchedule false only for Unscheduled.
 */
export function dropOnColumn(column: string): { status: string | null; hasSchedule: boolean } {
  if (column === UNSCHEDULED) return { status: null, hasSchedule: false };
  return { status: column, hasSchedule: true };
}

/**
 * Where a card's "Move to…" menu may send it (DECISIONS §12): every status
 * the links allow from where it is, its own place left out; `onBoard` are
 * columns of the board, `offBoard` the allowed statuses that have none (final
 * or hidden ones, such as a closing status), so a job can be finished from
 * the board.
 */
export function boardMoves(
  statuses: Pick<TStatus, 'name' | 'next'>[],
  card: Placed,
  columns: readonly string[],
): { onBoard: string[]; offBoard: string[] } {
  const here = columnOf(card, columns);
  const moves = allowedMoves(statuses, card).filter((m) => m !== here && m !== card.shownStatus);
  return {
    onBoard: moves.filter((m) => columns.includes(m)),
    offBoard: moves.filter((m) => !columns.includes(m)),
  };
}

const quoted = (names: string[]) => names.map((n) => `'${n}'`).join(', ');

/**
 * The board's words for a drop the links refuse (null when allowed): core
 * `moveRefusal`, the server's words naming every allowed status, and when
 * some of those have no column, where they are: the card's Move to… menu.
 */
export function boardMoveRefusal(
  statuses: Pick<TStatus, 'name' | 'next'>[],
  card: Placed,
  column: string,
  columns: readonly string[],
): string | null {
  const refusal = moveRefusal(statuses, card, dropOnColumn(column));
  if (!refusal) return null;
  const { offBoard } = boardMoves(statuses, card, columns);
  if (!offBoard.length) return refusal;
  const verb = offBoard.length === 1 ? 'is' : 'are';
  return `${refusal}. ${quoted(offBoard)} ${verb} not on the board: use the card's Move to… menu.`;
}

/**
 * The save a drop on the calendar makes (spec §4): start at the drop, end
 * as given or one hour later, hasSchedule true, status 'Scheduled' (only for
 * a job that was unscheduled: a scheduled job keeps its status when moved or
 * resized), the all-day flag from the drop.
 */
export function dropOnCalendar(
  card: Pick<TJobCard, 'hasSchedule'>,
  drop: { start: Date; end?: Date | null; allDay: boolean },
): {
  startDate: string;
  endDate: string;
  isAllDayEvent: boolean;
  status?: string;
  hasSchedule?: boolean;
} {
  const end =
    drop.end && drop.end.getTime() > drop.start.getTime()
      ? drop.end
      : new Date(drop.start.getTime() + BOARD.eventMinutes * 60_000);
  const times = {
    startDate: drop.start.toISOString(),
    endDate: end.toISOString(),
    isAllDayEvent: drop.allDay,
  };
  return card.hasSchedule ? times : { ...times, status: SCHEDULED, hasSchedule: true };
}

type Sortable = Pick<
  TJobCard,
  'priority' | 'hasSchedule' | 'startDate' | 'clientName' | 'clientSurname' | 'appointmentNumber'
>;

/** A job number's digits as a number (JOB-12 -> 12), so JOB-9 comes before JOB-10. */
function numberOf(n: string): number {
  const m = /(\d+)\D*$/.exec(n);
  return m ? Number(m[1]) : Number.MAX_SAFE_INTEGER;
}

const byNumber = (a: Sortable, b: Sortable) =>
  numberOf(a.appointmentNumber) - numberOf(b.appointmentNumber) ||
  a.appointmentNumber.localeCompare(b.appointmentNumber);

const clientOf = (c: Sortable) => `${c.clientName} ${c.clientSurname}`.trim().toLowerCase();

/**
 * Spec §9: by id (the job number), or by importance: priority first, then
 * the start date of a scheduled job or the client's name of an unscheduled
 * one; ties by number, so the order never jumps between renders.
 */
export function sortCards<C extends Sortable>(cards: readonly C[], by: BoardSort): C[] {
  if (by === 'id') return [...cards].sort(byNumber);
  return [...cards].sort((a, b) => {
    const p = priorityRank(b.priority) - priorityRank(a.priority);
    if (p) return p;
    if (a.hasSchedule !== b.hasSchedule) return a.hasSchedule ? -1 : 1;
    const k = a.hasSchedule
      ? a.startDate.localeCompare(b.startDate)
      : clientOf(a).localeCompare(clientOf(b));
    return k || byNumber(a, b);
  });
}

/** Spec §5: a start date in the past shows red, otherwise green. */
export function startTone(startDate: string, now: Date = new Date()): 'red' | 'green' {
  return new Date(startDate).getTime() < now.getTime() ? 'red' : 'green';
}

/** Whether a card is one of the given users' (its main assignee or one of its assignees). */
export function isAssignedTo(
  card: Pick<TJobCard, 'userId' | 'assignedUsers'>,
  userIds: ReadonlySet<string>,
): boolean {
  if (card.userId && userIds.has(card.userId)) return true;
  return card.assignedUsers.some((u) => userIds.has(u.userId));
}

export interface BoardSelection {
  view: BoardView;
  /** Selected appointment type ids. */
  types: string[];
  /** Selected user ids (the user filter). */
  users: string[];
}

/**
 * The view mode rules of spec §4: the list view shows one type, the schedule
 * and planner several; the planner exactly one user; at least one type stays
 * selected. Unknown ids are dropped; with none chosen the list view shows the
 * first type, the schedule and planner all of them.
 */
export function normaliseSelection(
  sel: BoardSelection,
  typeIds: readonly string[],
  userIds: readonly string[],
): BoardSelection {
  let types = sel.types.filter((t) => typeIds.includes(t));
  // None chosen: the list view shows the first type, the schedule and planner all of them.
  if (!types.length) types = sel.view === 'statuses' ? typeIds.slice(0, 1) : [...typeIds];
  if (sel.view === 'statuses') types = types.slice(0, 1);
  let users = sel.users.filter((u) => userIds.includes(u));
  if (sel.view === 'planner' || sel.view === 'route') {
    users = users.slice(0, 1);
    if (!users.length && userIds.length) users = [userIds[0]!];
  }
  return { view: sel.view, types: [...new Set(types)], users: [...new Set(users)] };
}

/**
 * Choosing type `id` under the view mode rules: in the list view it replaces
 * the choice; elsewhere it toggles, but the last selected type stays.
 */
export function toggleType(sel: BoardSelection, id: string): string[] {
  if (sel.view === 'statuses') return [id];
  if (!sel.types.includes(id)) return [...sel.types, id];
  return sel.types.length > 1 ? sel.types.filter((t) => t !== id) : sel.types;
}

/**
 * The range a calendar loads for a visible range (spec §9: months load a
 * 2-month range): from the first of the month the view starts in, two months
 * on, or to the view's end when that is later. Week and day views inside the
 * same two months ask for the same range, so moving a week loads nothing.
 * Dates are `YYYY-MM-DD` in the company's time zone.
 */
export function calendarRange(
  visibleStart: string,
  visibleEnd: string,
): { from: string; to: string } {
  const [y, m] = visibleStart.split('-').map(Number) as [number, number];
  const from = `${y}-${String(m).padStart(2, '0')}-01`;
  const m2 = m + 2;
  const to = `${y + Math.floor((m2 - 1) / 12)}-${String(((m2 - 1) % 12) + 1).padStart(2, '0')}-01`;
  return { from, to: visibleEnd > to ? visibleEnd : to };
}

/**
 * What the board, schedule and planner show: the selected types; the
 * selected users' jobs (null: everyone's, unassigned ones too); the selected
 * shown statuses (null: all).
 */
export interface BoardFilter {
  typeIds: readonly string[];
  userIds: readonly string[] | null;
  statuses: readonly string[] | null;
}

export function cardMatches(
  card: Pick<TJobCard, 'appointmentTypeId' | 'userId' | 'assignedUsers' | 'shownStatus'>,
  f: BoardFilter,
): boolean {
  if (!f.typeIds.includes(card.appointmentTypeId)) return false;
  if (f.statuses && !f.statuses.includes(card.shownStatus)) return false;
  return !f.userIds || isAssignedTo(card, new Set(f.userIds));
}
