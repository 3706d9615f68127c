import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZAppointmentTypeSave, ZComponent } from '../contracts/jobs.js';
import {
  NEW_COMPONENT_LABEL,
  NEW_TYPE_DESCRIPTION,
  NEW_TYPE_NAME,
  defaultTypes,
  newComponent,
  newJobDefaults,
  newJobTimes,
  newType,
  normaliseType,
  statusNode,
} from './defaults.js';
import { checkWorkflow } from './graph-check.js';
import { JOB_DONE, UNSCHEDULED, isFinal, shownStatus } from './workflow.js';

describe('statusNode', () => {
  it('places a node of 125 x 75 in its column of the diagram', () => {
    expect(statusNode('n1', 'Booked', 2, ['n2'])).toEqual({
      id: 'n1',
      name: 'Booked',
      draw: {
        id: 'n1',
        type: 'Task',
        width: 125,
        height: 75,
        x: 410,
        y: 80,
        name: 'Booked',
        linksTo: ['n2'],
      },
    });
    expect(statusNode('n0', 'New', 0, []).draw.x).toBe(40);
    expect(statusNode('n0', 'New', 1, []).draw.x).toBe(225);
  });

  it('takes other fields of the status', () => {
    expect(statusNode('n1', 'Done', 0, [], { hide: true, color: 'success' })).toMatchObject({
      id: 'n1',
      hide: true,
      color: 'success',
    });
  });
});

describe('newComponent (spec §5)', () => {
  it("is a text labelled 'New' with a prop not yet used", () => {
    expect(NEW_COMPONENT_LABEL).toBe('New');
    expect(newComponent([])).toEqual({
      prop: 'field1',
      label: 'New',
      type: 'text',
      templateId: null,
      options: [],
      wording: '',
      permissions: {},
    });
    expect(newComponent(['field1', 'field2', 'notes']).prop).toBe('field3');
    expect(newComponent(['field2']).prop).toBe('field1');
  });

  it('is a valid component as it is', () => {
    const c = newComponent(['field1']);
    expect(ZComponent.parse(c)).toEqual(c);
  });
});

describe('newType (spec §5)', () => {
  it("is 'New' / 'New description' from a first to a final status", () => {
    const asked: number[] = [];
    const t = newType((n) => {
      asked.push(n);
      return `id${n}`;
    });
    expect(asked).toEqual([1, 2]);
    expect(NEW_TYPE_NAME).toBe('New');
    expect(NEW_TYPE_DESCRIPTION).toBe('New description');
    expect(t).toEqual({
      name: 'New',
      description: 'New description',
      statuses: [statusNode('id1', 'New', 0, ['id2']), statusNode('id2', 'Done', 1, [])],
      components: [],
    });
    const saved = normaliseType(t);
    expect(saved.statuses.map((s) => s.next)).toEqual([['Done'], []]);
    expect(checkWorkflow(saved.statuses, saved.components)).toEqual([]);
  });
});

describe('defaultTypes (spec §3: Meeting (client) and Booking (invoice, client, items))', () => {
  const types = defaultTypes().map(normaliseType);
  const [meeting, booking] = types;

  it('are Meeting and Booking, in that order', () => {
    expect(types.map((t) => [t.name, t.description, t.order])).toEqual([
      ['Meeting', 'A meeting with a client', 0],
      ['Booking', 'A booked job, invoiced when done', 1],
    ]);
  });

  it('Meeting has the client; Booking the invoice, the client and the items', () => {
    const shape = (t: typeof meeting) => t!.components.map((c) => [c.prop, c.label, c.type]);
    expect(shape(meeting)).toEqual([['client', 'Client', 'clientSelect']]);
    expect(shape(booking)).toEqual([
      ['invoice', 'Invoice', 'invoice'],
      ['client', 'Client', 'clientSelect'],
      ['items', 'Items', 'itemsSelect'],
    ]);
  });

  it('each runs from a first status to a final one, with a sound diagram', () => {
    expect(meeting!.statuses.map((s) => [s.name, s.next])).toEqual([
      ['Booked', ['Done']],
      ['Done', []],
    ]);
    expect(booking!.statuses.map((s) => [s.name, s.next])).toEqual([
      ['New', ['Booked']],
      ['Booked', ['Job Done']],
      ['Job Done', ['Invoiced']],
      ['Invoiced', []],
    ]);
    for (const t of types) {
      expect(isFinal(t.statuses[0]!), t.name).toBe(false);
      expect(isFinal(t.statuses.at(-1)!), t.name).toBe(true);
      expect(checkWorkflow(t.statuses, t.components), t.name).toEqual([]);
    }
  });

  it("Booking's Job Done generates the invoice and moves the job on", () => {
    const done = booking!.statuses.find((s) => s.name === JOB_DONE)!;
    expect(done.autoGenerateInvoice).toBe(true);
    expect(done.autoMoveInvoiceClient).toBe(true);
    const others = [...meeting!.statuses, ...booking!.statuses].filter((s) => s !== done);
    expect(others.some((s) => s.autoGenerateInvoice || s.autoMoveInvoiceClient)).toBe(false);
  });

  it('gives every node its own id, laid out left to right', () => {
    const ids = types.flatMap((t) => t.statuses.map((s) => s.draw.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(booking!.statuses.map((s) => s.draw.x)).toEqual([40, 225, 410, 595]);
    for (const t of types) for (const s of t.statuses) expect(s.id).toBe(s.draw.id);
  });

  it('are valid types to save', () => {
    for (const t of defaultTypes()) expect(ZAppointmentTypeSave.safeParse(t).success).toBe(true);
  });
});

describe('normaliseType', () => {
  it('applies the defaults and derives next from the links', () => {
    const t = normaliseType({
      name: ' Repair ',
      statuses: [
        statusNode('a', 'New', 0, ['b', 'ghost', 'b']),
        { ...statusNode('b', 'Done', 1, []), next: ['New'] },
      ],
      components: [{ prop: 'notes', label: 'Notes' }],
    });
    expect(t.name).toBe('Repair');
    expect(t.description).toBe('');
    expect(t.color).toBe('primary');
    expect(t.statuses.map((s) => [s.next, s.draw.linksTo])).toEqual([
      [['Done'], ['b']],
      [[], []],
    ]);
    expect(t.statuses[0]!.color).toBe('primary');
    expect(t.statuses[0]!.requiredComponents).toEqual([]);
    expect(t.components[0]!.type).toBe('text');
  });

  it('refuses what the contract refuses', () => {
    expect(() => normaliseType({ ...newType(String), name: '' })).toThrow('is required');
    expect(() => normaliseType({ ...newType(String), statuses: [] })).toThrow(
      'needs at least one status',
    );
  });
});

describe('newJobTimes (spec §4: the next half hour, and 30 minutes after it)', () => {
  // Node follows a change of TZ at once; core tests run in New York anyway.
  const setZone = (tz: string) => vi.stubEnv('TZ', tz);
  beforeEach(() => setZone('America/New_York'));
  afterEach(() => vi.unstubAllEnvs());
  /** A local time (month from 1) as epoch milliseconds. */
  const at = (y: number, mo: number, d: number, h: number, mi: number, s = 0, ms = 0) =>
    new Date(y, mo - 1, d, h, mi, s, ms).getTime();
  const times = (startDate: string, endDate: string) => ({ startDate, endDate });

  it('runs in New York, as the core tests do', () => {
    expect(new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()).toBe(300);
  });

  it('starts at the next half hour', () => {
    const expected = times('2026-01-15T15:30:00.000Z', '2026-01-15T16:00:00.000Z');
    expect(newJobTimes(at(2026, 1, 15, 10, 5))).toEqual(expected);
    expect(newJobTimes(at(2026, 1, 15, 10, 0, 0, 1))).toEqual(expected);
    expect(newJobTimes(at(2026, 1, 15, 10, 29, 59, 999))).toEqual(expected);
  });

  it('on the half hour itself, starts at the next one', () => {
    expect(newJobTimes(at(2026, 1, 15, 10, 0))).toEqual(
      times('2026-01-15T15:30:00.000Z', '2026-01-15T16:00:00.000Z'),
    );
    expect(newJobTimes(at(2026, 1, 15, 10, 30))).toEqual(
      times('2026-01-15T16:00:00.000Z', '2026-01-15T16:30:00.000Z'),
    );
  });

  it('crosses the hour', () => {
    expect(newJobTimes(at(2026, 1, 15, 10, 45, 30, 500))).toEqual(
      times('2026-01-15T16:00:00.000Z', '2026-01-15T16:30:00.000Z'),
    );
  });

  it('crosses the day, the month and the year', () => {
    const start = new Date(newJobTimes(at(2026, 1, 15, 23, 40)).startDate);
    expect([start.getDate(), start.getHours(), start.getMinutes()]).toEqual([16, 0, 0]);
    expect(newJobTimes(at(2026, 1, 15, 23, 40))).toEqual(
      times('2026-01-16T05:00:00.000Z', '2026-01-16T05:30:00.000Z'),
    );
    // The end alone crosses midnight.
    expect(newJobTimes(at(2026, 1, 31, 23, 10))).toEqual(
      times('2026-02-01T04:30:00.000Z', '2026-02-01T05:00:00.000Z'),
    );
    expect(newJobTimes(at(2026, 12, 31, 23, 59, 59))).toEqual(
      times('2027-01-01T05:00:00.000Z', '2027-01-01T05:30:00.000Z'),
    );
  });

  it('keeps to half an hour when the clocks change', () => {
    // 01:45 EST on the day summer time starts: the next half hour is 03:00 EDT.
    expect(newJobTimes(Date.UTC(2026, 2, 8, 6, 45))).toEqual(
      times('2026-03-08T07:00:00.000Z', '2026-03-08T07:30:00.000Z'),
    );
    // 01:45 EDT on the day it ends: the next half hour is the first 01:00 EST.
    expect(newJobTimes(Date.UTC(2026, 10, 1, 5, 45))).toEqual(
      times('2026-11-01T06:00:00.000Z', '2026-11-01T06:30:00.000Z'),
    );
  });

  it("follows the local clock's half hours where the zone is not whole half hours from UTC", () => {
    setZone('Asia/Kathmandu');
    expect(new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()).toBe(-345);
    // 10:05 in Kathmandu (04:20 UTC): the next half hour is 10:30 there.
    expect(newJobTimes(Date.UTC(2026, 0, 15, 4, 20))).toEqual(
      times('2026-01-15T04:45:00.000Z', '2026-01-15T05:15:00.000Z'),
    );
  });
});

describe('newJobDefaults (spec §4: a new job starts unscheduled)', () => {
  const now = Date.UTC(2026, 0, 15, 8, 5);
  const types = [
    { _id: 'b', order: 1, statuses: [statusNode('b1', 'Quoted', 0, [])] },
    {
      _id: 'a',
      order: 0,
      statuses: [statusNode('a1', 'New', 0, ['a2']), statusNode('a2', 'Booked', 1, [])],
    },
  ];

  it('is unscheduled, all day, without a reminder, in the first type and its first status', () => {
    expect(newJobDefaults(types, now)).toEqual({
      appointmentTypeId: 'a',
      status: 'New',
      hasSchedule: false,
      isAllDayEvent: true,
      sendClientReminder: false,
      ...newJobTimes(now),
    });
  });

  it('shows Unscheduled although its status field holds the first status', () => {
    expect(shownStatus(newJobDefaults(types, now))).toBe(UNSCHEDULED);
  });

  it('takes the given type and that type first status', () => {
    expect(newJobDefaults(types, now, 'b')).toMatchObject({
      appointmentTypeId: 'b',
      status: 'Quoted',
    });
    // An unknown id falls back to the first type.
    expect(newJobDefaults(types, now, 'gone').appointmentTypeId).toBe('a');
  });

  it('without types or statuses has no type and no status', () => {
    expect(newJobDefaults([], now)).toMatchObject({ appointmentTypeId: '', status: null });
    expect(newJobDefaults([{ _id: 'x', order: 0, statuses: [] }], now).status).toBeNull();
  });
});
