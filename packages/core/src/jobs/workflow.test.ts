import { describe, expect, it } from 'vitest';
import type { TComponentType } from '../contracts/jobs.js';
import {
  JOB_DONE,
  SCHEDULED,
  UNSCHEDULED,
  allowedMoves,
  isFilled,
  isFinal,
  isHidden,
  missingRequired,
  moveRefusal,
  requiredRefusal,
  shownStatus,
  typeByName,
  withNextFromLinks,
} from './workflow.js';

/** A status whose node id differs from its id, so the two cannot be mixed up. */
function st(id: string, name: string, linksTo: string[], next: string[] = []) {
  return { id, name, next, hide: false, draw: draw(`n-${id}`, linksTo) };
}

function draw(id: string, linksTo: string[]) {
  return { id, type: 'Task' as const, width: 125, height: 75, x: 0, y: 0, name: 'stale', linksTo };
}

/** New -> Booked -> Done, with `next` as the server keeps it. */
const flow = [
  { name: 'New', next: ['Booked'] },
  { name: 'Booked', next: ['Done'] },
  { name: 'Done', next: [] },
];

describe('the names that are not statuses of a type', () => {
  it('are spelt as the specification spells them', () => {
    expect(UNSCHEDULED).toBe('Unscheduled');
    expect(SCHEDULED).toBe('Scheduled');
    expect(JOB_DONE).toBe('Job Done');
  });
});

describe('shownStatus (spec §4)', () => {
  it('is the status when scheduled (hasSchedule true or missing)', () => {
    expect(shownStatus({ status: 'Booked', hasSchedule: true })).toBe('Booked');
    expect(shownStatus({ status: 'Booked' })).toBe('Booked');
    expect(shownStatus({ status: 'Booked', hasSchedule: null })).toBe('Booked');
  });

  it('is Scheduled when scheduled without a status', () => {
    expect(shownStatus({ hasSchedule: true })).toBe('Scheduled');
    expect(shownStatus({ status: null, hasSchedule: true })).toBe('Scheduled');
    expect(shownStatus({ status: '' })).toBe('Scheduled');
    expect(shownStatus({})).toBe('Scheduled');
  });

  it('is Unscheduled when hasSchedule is false, whatever the status', () => {
    expect(shownStatus({ hasSchedule: false })).toBe('Unscheduled');
    expect(shownStatus({ status: 'Booked', hasSchedule: false })).toBe('Unscheduled');
    expect(shownStatus({ status: 'Scheduled', hasSchedule: false })).toBe('Unscheduled');
  });
});

describe('isFinal and isHidden (spec §4 Workflow statuses)', () => {
  const node = (linksTo: string[], next: string[], hide = false) => ({
    hide,
    next,
    draw: draw('n-x', linksTo),
  });

  it('a status with no outgoing link is final and hidden', () => {
    expect(isFinal(node([], []))).toBe(true);
    expect(isHidden(node([], []))).toBe(true);
  });

  it('a status with a link or a next is not final', () => {
    expect(isFinal(node(['n-b'], []))).toBe(false);
    expect(isFinal(node([], ['B']))).toBe(false);
    expect(isFinal(node(['n-b'], ['B']))).toBe(false);
    expect(isHidden(node(['n-b'], ['B']))).toBe(false);
  });

  it('a status marked hide is hidden but not final', () => {
    expect(isHidden(node(['n-b'], ['B'], true))).toBe(true);
    expect(isFinal(node(['n-b'], ['B'], true))).toBe(false);
  });
});

describe('withNextFromLinks: next follows the diagram', () => {
  it('names the linked statuses in link order and fixes the node name', () => {
    const out = withNextFromLinks([
      st('a', 'New', ['n-c', 'n-b'], ['stale']),
      st('b', 'Booked', ['n-c']),
      st('c', 'Done', [], ['New']),
    ]);
    expect(out).toEqual([
      {
        id: 'a',
        name: 'New',
        next: ['Done', 'Booked'],
        hide: false,
        draw: { ...draw('n-a', ['n-c', 'n-b']), name: 'New' },
      },
      {
        id: 'b',
        name: 'Booked',
        next: ['Done'],
        hide: false,
        draw: { ...draw('n-b', ['n-c']), name: 'Booked' },
      },
      { id: 'c', name: 'Done', next: [], hide: false, draw: { ...draw('n-c', []), name: 'Done' } },
    ]);
  });

  it('drops links to unknown nodes, repeated links and links to itself', () => {
    const [a] = withNextFromLinks([
      st('a', 'New', ['n-b', 'ghost', 'n-b', 'n-a', 'b']),
      st('b', 'Booked', []),
    ]);
    // 'b' is a status id, not a node id: links go between nodes.
    expect(a!.draw.linksTo).toEqual(['n-b']);
    expect(a!.next).toEqual(['Booked']);
  });

  it('keeps the other fields and leaves its input alone', () => {
    const input = [
      { ...st('a', 'New', ['n-b', 'n-b']), color: 'danger' },
      { ...st('b', 'Done', []), color: 'muted' },
    ];
    const out = withNextFromLinks(input);
    expect(out.map((s) => s.color)).toEqual(['danger', 'muted']);
    expect(input[0]!.next).toEqual([]);
    expect(input[0]!.draw).toEqual(draw('n-a', ['n-b', 'n-b']));
  });

  it('answers nothing for no statuses', () => {
    expect(withNextFromLinks([])).toEqual([]);
  });
});

describe('allowedMoves (DECISIONS §12)', () => {
  it('a new job may go to the first status, or stay unscheduled, or be scheduled', () => {
    expect(allowedMoves(flow, null)).toEqual(['Unscheduled', 'New', 'Scheduled']);
    expect(allowedMoves(flow, { hasSchedule: false, status: 'Done' })).toEqual([
      'Unscheduled',
      'New',
      'Scheduled',
    ]);
  });

  it('from Scheduled: the first status, or back to Unscheduled', () => {
    expect(allowedMoves(flow, { hasSchedule: true })).toEqual(['Scheduled', 'New', 'Unscheduled']);
  });

  it('from a status: its next ones, and Unscheduled and Scheduled always', () => {
    expect(allowedMoves(flow, { status: 'New' })).toEqual([
      'New',
      'Booked',
      'Unscheduled',
      'Scheduled',
    ]);
    expect(allowedMoves(flow, { status: 'Done' })).toEqual(['Done', 'Unscheduled', 'Scheduled']);
  });

  it('from a status the type no longer has: the first status, as from Scheduled', () => {
    expect(allowedMoves(flow, { status: 'Gone' })).toEqual([
      'Gone',
      'New',
      'Unscheduled',
      'Scheduled',
    ]);
  });

  it('a type without statuses leaves only Unscheduled and Scheduled', () => {
    expect(allowedMoves([], null)).toEqual(['Unscheduled', 'Scheduled']);
  });
});

describe('moveRefusal', () => {
  it('allows a move along a link, to the first status and to Unscheduled or Scheduled', () => {
    expect(moveRefusal(flow, null, { status: 'New' })).toBeNull();
    expect(moveRefusal(flow, { status: 'New' }, { status: 'Booked' })).toBeNull();
    expect(moveRefusal(flow, { hasSchedule: true }, { status: 'New' })).toBeNull();
    expect(moveRefusal(flow, { status: 'Done' }, { hasSchedule: false })).toBeNull();
    expect(moveRefusal(flow, { status: 'Done' }, { hasSchedule: true })).toBeNull();
    expect(moveRefusal(flow, { status: 'Booked' }, { status: 'Booked' })).toBeNull();
  });

  it('refuses another move with a message naming the allowed statuses', () => {
    expect(moveRefusal(flow, null, { status: 'Booked' })).toBe(
      "A job in 'Unscheduled' may move only to 'New', 'Scheduled'",
    );
    expect(moveRefusal(flow, { status: 'New' }, { status: 'Done' })).toBe(
      "A job in 'New' may move only to 'Booked', 'Unscheduled', 'Scheduled'",
    );
    expect(moveRefusal(flow, { status: 'Done' }, { status: 'New' })).toBe(
      "A job in 'Done' may move only to 'Unscheduled', 'Scheduled'",
    );
    expect(moveRefusal(flow, { hasSchedule: true }, { status: 'Done' })).toBe(
      "A job in 'Scheduled' may move only to 'New', 'Unscheduled'",
    );
    // A job with a status but hasSchedule false is in Unscheduled.
    expect(moveRefusal(flow, { status: 'New', hasSchedule: false }, { status: 'Booked' })).toBe(
      "A job in 'Unscheduled' may move only to 'New', 'Scheduled'",
    );
  });

  it('refuses a status the type does not have', () => {
    expect(moveRefusal(flow, { status: 'New' }, { status: 'Nope' })).toBe(
      "'Nope' is not a status of this type",
    );
    expect(moveRefusal(flow, null, { status: 'booked' })).toBe(
      "'booked' is not a status of this type",
    );
  });

  it('lets a job stay in a status the designer has since removed', () => {
    expect(moveRefusal(flow, { status: 'Gone' }, { status: 'Gone' })).toBeNull();
    expect(moveRefusal(flow, { status: 'Gone' }, { status: 'New' })).toBeNull();
    expect(moveRefusal(flow, { status: 'Gone' }, { status: 'Other' })).toBe(
      "'Other' is not a status of this type",
    );
  });
});

describe('isFilled', () => {
  const c = (type: TComponentType, prop = 'f') => ({ type, prop });

  it('a client, an invoice: their ids', () => {
    expect(isFilled(c('clientSelect'), { entityId: 'c1' })).toBe(true);
    expect(isFilled(c('clientSelect'), { entityId: '' })).toBe(false);
    expect(isFilled(c('clientSelect'), { entityId: null })).toBe(false);
    expect(isFilled(c('clientSelect'), { invoiceId: 'i1' })).toBe(false);
    expect(isFilled(c('invoice'), { invoiceId: 'i1' })).toBe(true);
    expect(isFilled(c('invoice'), { invoiceId: null, entityId: 'c1' })).toBe(false);
  });

  it('items: at least one line', () => {
    expect(isFilled(c('itemsSelect'), { lineItems: [{}] })).toBe(true);
    expect(isFilled(c('itemsSelect'), { lineItems: [] })).toBe(false);
    expect(isFilled(c('itemsSelect'), { lineItems: null })).toBe(false);
    expect(isFilled(c('itemsSelect'), {})).toBe(false);
  });

  it('users: an assignee in the list or the single assignee', () => {
    expect(isFilled(c('usersSelect'), { assignedUsers: ['u1'] })).toBe(true);
    expect(isFilled(c('usersSelect'), { assignedUsers: [], userId: 'u1' })).toBe(true);
    expect(isFilled(c('usersSelect'), { assignedUsers: [], userId: null })).toBe(false);
    expect(isFilled(c('usersSelect'), { assignedUsers: null })).toBe(false);
    expect(isFilled(c('usersSelect'), {})).toBe(false);
  });

  it('comments: at least one', () => {
    expect(isFilled(c('comments'), { commentCount: 1 })).toBe(true);
    expect(isFilled(c('comments'), { commentCount: 0 })).toBe(false);
    expect(isFilled(c('comments'), {})).toBe(false);
  });

  it('a wording or a document has nothing to fill', () => {
    expect(isFilled(c('wording'), {})).toBe(true);
    expect(isFilled(c('document'), {})).toBe(true);
  });

  it('text: not blank', () => {
    expect(isFilled(c('text'), { values: { f: 'x' } })).toBe(true);
    expect(isFilled(c('textArea'), { values: { f: ' a ' } })).toBe(true);
    expect(isFilled(c('text'), { values: { f: '  ' } })).toBe(false);
    expect(isFilled(c('text'), { values: { f: '' } })).toBe(false);
    expect(isFilled(c('text'), { values: { g: 'x' } })).toBe(false);
    expect(isFilled(c('text'), { values: null })).toBe(false);
    expect(isFilled(c('text'), {})).toBe(false);
    expect(isFilled(c('date', 'when'), { values: { when: '2026-03-01' } })).toBe(true);
  });

  it('a switch counts when on; a number always', () => {
    expect(isFilled(c('switch'), { values: { f: true } })).toBe(true);
    expect(isFilled(c('switch'), { values: { f: false } })).toBe(false);
    expect(isFilled(c('select'), { values: { f: 0 } })).toBe(true);
    expect(isFilled(c('select'), { values: { f: null } })).toBe(false);
    expect(isFilled(c('select'), { values: { f: {} } })).toBe(false);
  });

  it('images and signatures: at least one file', () => {
    expect(isFilled(c('images'), { values: { f: ['a'] } })).toBe(true);
    expect(isFilled(c('images'), { values: { f: [] } })).toBe(false);
    expect(isFilled(c('signiture'), { values: { f: 'file1' } })).toBe(true);
    expect(isFilled(c('userSigniture'), { values: { f: '' } })).toBe(false);
  });
});

describe('missingRequired and requiredRefusal', () => {
  const components = [
    { prop: 'notes', label: 'Notes', type: 'text' as const },
    { prop: 'ok', label: 'Signed off', type: 'switch' as const },
    { prop: 'client', label: 'Client', type: 'clientSelect' as const },
  ];

  it("names the empty required components by label, in the status's order", () => {
    const status = { requiredComponents: ['ok', 'ghost', 'notes', 'client'] };
    expect(missingRequired(status, components, {})).toEqual(['Signed off', 'Notes', 'Client']);
    expect(missingRequired(status, components, { values: { ok: true }, entityId: 'c' })).toEqual([
      'Notes',
    ]);
    expect(
      missingRequired(status, components, { values: { ok: true, notes: 'n' }, entityId: 'c' }),
    ).toEqual([]);
  });

  it('a status requiring nothing misses nothing', () => {
    expect(missingRequired({ requiredComponents: [] }, components, {})).toEqual([]);
  });

  it('the refusal names them and the status', () => {
    expect(requiredRefusal('Job Done', ['Signature', 'Photos'])).toBe(
      "Fill in 'Signature', 'Photos' before moving the job to 'Job Done'",
    );
    expect(requiredRefusal('On site', ['Notes'])).toBe(
      "Fill in 'Notes' before moving the job to 'On site'",
    );
  });
});

describe('typeByName (spec operations §3: appointmentType matches a template name)', () => {
  const types = [
    { id: 'a', name: 'Meeting' },
    { id: 'b', name: 'Geyser' },
  ];
  it('finds the type by its name, ignoring case and surrounding spaces', () => {
    expect(typeByName(types, 'Geyser')?.id).toBe('b');
    expect(typeByName(types, '  geyser ')?.id).toBe('b');
  });
  it('finds nothing for a name no type has', () => {
    expect(typeByName(types, 'Gey')).toBeUndefined();
    expect(typeByName(types, '')).toBeUndefined();
  });
});
