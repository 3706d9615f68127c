import { describe, expect, it } from 'vitest';
import { ZAppointmentTypeSave, type TJobCard } from '../contracts/jobs.js';
import {
  boardColumns,
  boardMoveRefusal,
  boardMoves,
  cardMatches,
  calendarRange,
  columnOf,
  dropOnCalendar,
  dropOnColumn,
  isAssignedTo,
  normaliseSelection,
  openingColumn,
  sortCards,
  startTone,
  toggleType,
} from './board.js';
import { defaultTypes, statusNode } from './defaults.js';
import { withNextFromLinks } from './workflow.js';

const types = () => defaultTypes().map((t) => ZAppointmentTypeSave.parse(t));

const card = (over: Partial<TJobCard>): TJobCard => ({
  _id: over.appointmentNumber ?? 'x',
  appointmentNumber: 'JOB-1',
  appointmentTypeId: 't',
  appointmentType: 'Booking',
  status: null,
  shownStatus: 'Unscheduled',
  hasSchedule: false,
  startDate: '2026-11-24T08:00:00.000Z',
  endDate: '2026-11-24T09:00:00.000Z',
  isAllDayEvent: false,
  priority: '',
  userId: null,
  assignedUsers: [],
  entityId: null,
  clientName: '',
  clientSurname: '',
  faultDescription: '',
  googlePosition: null,
  positionVerified: false,
  order: 0,
  sortOrder: 0,
  displayOrder: 0,
  invoiceId: null,
  updatedAt: '2026-11-24T08:00:00.000Z',
  ...over,
});

describe('boardColumns (spec §4)', () => {
  it('Unscheduled, Scheduled, then the statuses that are not hidden, in order', () => {
    const booking = types()[1]!;
    // Invoiced has no outgoing link: final, so hidden.
    expect(boardColumns(booking.statuses)).toEqual([
      'Unscheduled',
      'Scheduled',
      'New',
      'Booked',
      'Job Done',
    ]);
  });

  it('leaves out a status marked hide', () => {
    const [meeting] = types();
    const statuses = meeting!.statuses.map((s, i) => ({ ...s, hide: i === 0 }));
    expect(boardColumns(statuses)).toEqual(['Unscheduled', 'Scheduled']);
  });
});

describe('columnOf', () => {
  const cols = ['Unscheduled', 'Scheduled', 'New', 'Booked'];
  it('puts a card in its shown status', () => {
    expect(
      columnOf(card({ hasSchedule: true, status: 'Booked', shownStatus: 'Booked' }), cols),
    ).toBe('Booked');
    expect(
      columnOf(card({ hasSchedule: true, status: null, shownStatus: 'Scheduled' }), cols),
    ).toBe('Scheduled');
    expect(columnOf(card({ hasSchedule: false }), cols)).toBe('Unscheduled');
  });
  it('puts a card whose status the board lacks in Scheduled, never off the board', () => {
    expect(columnOf(card({ hasSchedule: true, status: 'Gone', shownStatus: 'Gone' }), cols)).toBe(
      'Scheduled',
    );
  });
});

describe('dropOnColumn (spec §4)', () => {
  it('sets the status; hasSchedule false only for Unscheduled', () => {
    expect(dropOnColumn('Unscheduled')).toEqual({ status: null, hasSchedule: false });
    expect(dropOnColumn('Scheduled')).toEqual({ status: 'Scheduled', hasSchedule: true });
    expect(dropOnColumn('Booked')).toEqual({ status: 'Booked', hasSchedule: true });
  });
});

describe('dropOnCalendar (spec §4)', () => {
  const start = new Date('2026-11-24T10:00:00.000Z');
  it('an unscheduled job: start at the drop, one hour, Scheduled, all-day from the drop', () => {
    expect(dropOnCalendar({ hasSchedule: false }, { start, allDay: false })).toEqual({
      startDate: '2026-11-24T10:00:00.000Z',
      endDate: '2026-11-24T11:00:00.000Z',
      isAllDayEvent: false,
      status: 'Scheduled',
      hasSchedule: true,
    });
    expect(dropOnCalendar({ hasSchedule: false }, { start, allDay: true }).isAllDayEvent).toBe(
      true,
    );
  });
  it('keeps a given end; an end not after the start is one hour on', () => {
    const end = new Date('2026-11-24T13:00:00.000Z');
    expect(dropOnCalendar({ hasSchedule: true }, { start, end, allDay: false }).endDate).toBe(
      end.toISOString(),
    );
    expect(
      dropOnCalendar({ hasSchedule: true }, { start, end: start, allDay: false }).endDate,
    ).toBe('2026-11-24T11:00:00.000Z');
  });
  it('a scheduled job moved or resized keeps its status', () => {
    const r = dropOnCalendar({ hasSchedule: true }, { start, allDay: false });
    expect(r).not.toHaveProperty('status');
    expect(r).not.toHaveProperty('hasSchedule');
  });
});

describe('sortCards (spec §9)', () => {
  const a = card({
    appointmentNumber: 'JOB-10',
    priority: 'Low',
    hasSchedule: true,
    startDate: '2026-11-20T08:00:00.000Z',
  });
  const b = card({
    appointmentNumber: 'JOB-9',
    priority: 'Critical',
    hasSchedule: false,
    clientName: 'Zed',
  });
  const c = card({
    appointmentNumber: 'JOB-11',
    priority: 'Critical',
    hasSchedule: false,
    clientName: 'adams',
  });
  const d = card({
    appointmentNumber: 'JOB-2',
    priority: 'Critical',
    hasSchedule: true,
    startDate: '2026-12-01T08:00:00.000Z',
  });
  const e = card({
    appointmentNumber: 'JOB-3',
    priority: 'Critical',
    hasSchedule: true,
    startDate: '2026-11-01T08:00:00.000Z',
  });

  it('by id: the job number as a number', () => {
    expect(sortCards([a, b, c, d, e], 'id').map((x) => x.appointmentNumber)).toEqual([
      'JOB-2',
      'JOB-3',
      'JOB-9',
      'JOB-10',
      'JOB-11',
    ]);
  });
  it('by importance: priority, then start (scheduled) or client name (unscheduled)', () => {
    expect(sortCards([a, b, c, d, e], 'importance').map((x) => x.appointmentNumber)).toEqual([
      'JOB-3',
      'JOB-2',
      'JOB-11',
      'JOB-9',
      'JOB-10',
    ]);
  });
  it('does not change its input', () => {
    const list = [a, b];
    sortCards(list, 'id');
    expect(list).toEqual([a, b]);
  });
});

describe('startTone (spec §5)', () => {
  const now = new Date('2026-11-24T12:00:00.000Z');
  it('red in the past, green otherwise', () => {
    expect(startTone('2026-11-24T11:59:59.000Z', now)).toBe('red');
    expect(startTone('2026-11-24T12:00:00.000Z', now)).toBe('green');
    expect(startTone('2026-12-01T08:00:00.000Z', now)).toBe('green');
  });
});

describe('isAssignedTo', () => {
  it('matches the main assignee or any assignee', () => {
    const c1 = card({ userId: 'u1', assignedUsers: [{ userId: 'u2', name: 'B' }] });
    expect(isAssignedTo(c1, new Set(['u1']))).toBe(true);
    expect(isAssignedTo(c1, new Set(['u2']))).toBe(true);
    expect(isAssignedTo(c1, new Set(['u3']))).toBe(false);
  });
});

describe('view mode rules (spec §4)', () => {
  const types = ['t1', 't2', 't3'];
  const users = ['u1', 'u2'];
  it('the list view keeps one type', () => {
    expect(
      normaliseSelection({ view: 'statuses', types: ['t2', 't3'], users: [] }, types, users).types,
    ).toEqual(['t2']);
  });
  it('the schedule keeps several types and any users', () => {
    const s = normaliseSelection(
      { view: 'schedule', types: ['t2', 't3', 'zz'], users: ['u1', 'u2'] },
      types,
      users,
    );
    expect(s).toEqual({ view: 'schedule', types: ['t2', 't3'], users: ['u1', 'u2'] });
  });
  it('the planner has exactly one user', () => {
    expect(
      normaliseSelection({ view: 'planner', types: ['t1'], users: ['u2', 'u1'] }, types, users)
        .users,
    ).toEqual(['u2']);
    expect(
      normaliseSelection({ view: 'planner', types: ['t1'], users: [] }, types, users).users,
    ).toEqual(['u1']);
  });
  it("the route screen, one user's day, has exactly one user too", () => {
    expect(
      normaliseSelection({ view: 'route', types: ['t1'], users: ['u2', 'u1'] }, types, users).users,
    ).toEqual(['u2']);
    expect(normaliseSelection({ view: 'route', types: [], users: [] }, types, users)).toEqual({
      view: 'route',
      types,
      users: ['u1'],
    });
  });
  it('at least one type stays selected', () => {
    const none = (view: 'statuses' | 'schedule' | 'planner') =>
      normaliseSelection({ view, types: ['zz'], users: [] }, types, users).types;
    // None chosen: the list view shows the first type, the schedule and planner all.
    expect(none('statuses')).toEqual(['t1']);
    expect(none('schedule')).toEqual(types);
    expect(none('planner')).toEqual(types);
    expect(toggleType({ view: 'schedule', types: ['t1'], users: [] }, 't1')).toEqual(['t1']);
    expect(toggleType({ view: 'schedule', types: ['t1', 't2'], users: [] }, 't1')).toEqual(['t2']);
    expect(toggleType({ view: 'schedule', types: ['t1'], users: [] }, 't2')).toEqual(['t1', 't2']);
    expect(toggleType({ view: 'statuses', types: ['t1'], users: [] }, 't2')).toEqual(['t2']);
  });
});

describe('calendarRange (spec §9: months load a 2-month range)', () => {
  it('from the first of the starting month, two months on', () => {
    expect(calendarRange('2026-11-23', '2026-11-30')).toEqual({
      from: '2026-11-01',
      to: '2027-01-01',
    });
    expect(calendarRange('2026-12-28', '2027-01-04')).toEqual({
      from: '2026-12-01',
      to: '2027-02-01',
    });
  });
  it('to the end of a view that reaches further', () => {
    expect(calendarRange('2026-03-29', '2026-05-10')).toEqual({
      from: '2026-03-01',
      to: '2026-05-10',
    });
  });
  it('two weeks inside the same months ask for the same range', () => {
    expect(calendarRange('2026-11-02', '2026-11-09')).toEqual(
      calendarRange('2026-11-16', '2026-11-23'),
    );
  });
});

describe('cardMatches', () => {
  const c1 = card({ appointmentTypeId: 't1', userId: 'u1', shownStatus: 'New' });
  it('keeps the selected types, users and statuses', () => {
    expect(cardMatches(c1, { typeIds: ['t1'], userIds: null, statuses: null })).toBe(true);
    expect(cardMatches(c1, { typeIds: ['t2'], userIds: null, statuses: null })).toBe(false);
    expect(cardMatches(c1, { typeIds: ['t1'], userIds: ['u2'], statuses: null })).toBe(false);
    expect(cardMatches(c1, { typeIds: ['t1'], userIds: ['u1'], statuses: ['New'] })).toBe(true);
    expect(cardMatches(c1, { typeIds: ['t1'], userIds: null, statuses: ['Booked'] })).toBe(false);
  });
  it('an unassigned job shows only when everyone is shown', () => {
    const free = card({ appointmentTypeId: 't1' });
    expect(cardMatches(free, { typeIds: ['t1'], userIds: null, statuses: null })).toBe(true);
    expect(cardMatches(free, { typeIds: ['t1'], userIds: ['u1'], statuses: null })).toBe(false);
  });
});

describe('boardMoves and boardMoveRefusal (a job can be finished from the board)', () => {
  // New -> Booked -> Job Done -> Closed (final, so no column).
  const statuses = withNextFromLinks(
    [
      statusNode('n', 'New', 0, ['b']),
      statusNode('b', 'Booked', 1, ['d']),
      statusNode('d', 'Job Done', 2, ['c']),
      statusNode('c', 'Closed', 3, []),
    ].map((s) => ZAppointmentTypeSave.shape.statuses.element.parse(s)),
  );
  const cols = boardColumns(statuses);
  const inStatus = (s: string) => card({ hasSchedule: true, status: s, shownStatus: s });

  it('offers every status the links allow, the final one off the board, never where the job is', () => {
    expect(cols).not.toContain('Closed');
    expect(boardMoves(statuses, inStatus('Job Done'), cols)).toEqual({
      onBoard: ['Unscheduled', 'Scheduled'],
      offBoard: ['Closed'],
    });
    expect(boardMoves(statuses, inStatus('New'), cols)).toEqual({
      onBoard: ['Booked', 'Unscheduled', 'Scheduled'],
      offBoard: [],
    });
    expect(boardMoves(statuses, card({}), cols)).toEqual({
      onBoard: ['New', 'Scheduled'],
      offBoard: [],
    });
  });

  it('a job sitting in Scheduled for a status the board lacks is not offered Scheduled again', () => {
    const gone = card({ hasSchedule: true, status: 'Gone', shownStatus: 'Gone' });
    expect(boardMoves(statuses, gone, cols).onBoard).toEqual(['New', 'Unscheduled']);
  });

  it('refuses in the server words and says where the statuses without a column are', () => {
    expect(boardMoveRefusal(statuses, inStatus('Job Done'), 'New', cols)).toBe(
      "A job in 'Job Done' may move only to 'Closed', 'Unscheduled', 'Scheduled'. " +
        "'Closed' is not on the board: use the card's Move to… menu.",
    );
    expect(boardMoveRefusal(statuses, inStatus('New'), 'Job Done', cols)).toBe(
      "A job in 'New' may move only to 'Booked', 'Unscheduled', 'Scheduled'",
    );
    expect(boardMoveRefusal(statuses, inStatus('Job Done'), 'Scheduled', cols)).toBeNull();
  });

  it('names several statuses without a column together', () => {
    const two = withNextFromLinks(
      [
        statusNode('n', 'New', 0, ['x', 'y']),
        statusNode('x', 'Won', 1, []),
        statusNode('y', 'Lost', 1, []),
      ].map((s) => ZAppointmentTypeSave.shape.statuses.element.parse(s)),
    );
    expect(boardMoveRefusal(two, inStatus('New'), 'Unscheduled', boardColumns(two))).toBeNull();
    const stuck = { ...inStatus('New'), shownStatus: 'New' };
    const msg = boardMoveRefusal(
      [...two, { ...two[0]!, name: 'Other', next: [] }],
      stuck,
      'Other',
      [...boardColumns(two), 'Other'],
    );
    expect(msg).toContain("'Won', 'Lost' are not on the board: use the card's Move to… menu.");
  });
});

describe('openingColumn (a phone opens on the first column with jobs)', () => {
  const cols = ['Unscheduled', 'Scheduled', 'New', 'Booked'];
  it('skips empty columns', () => {
    const counts: Record<string, number> = { Scheduled: 8, Booked: 2 };
    expect(openingColumn(cols, (c) => counts[c] ?? 0)).toBe('Scheduled');
    expect(openingColumn(cols, (c) => (c === 'Booked' ? 1 : 0))).toBe('Booked');
    expect(openingColumn(cols, (c) => (c === 'Unscheduled' ? 3 : 9))).toBe('Unscheduled');
  });
  it('opens on the first column when every one is empty', () => {
    expect(openingColumn(cols, () => 0)).toBe('Unscheduled');
    expect(openingColumn([], () => 0)).toBe('Unscheduled');
  });
});
