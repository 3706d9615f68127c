import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  COMPONENT_TYPES,
  MAX_JOB_IMAGES,
  NODE_HEIGHT,
  NODE_WIDTH,
  PRIORITIES,
  SEND_FREQUENCIES,
  STATUS_COLORS,
  ZAppointmentRange,
  ZAppointmentSave,
  ZAppointmentTypeSave,
  ZComponent,
  ZComponentValue,
  ZJobCommentSave,
  ZProp,
  ZSortOrder,
  ZStatus,
} from '../contracts/jobs.js';

/** Each issue as "path: message", so a test names the field refused. */
function problems(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

const draw = { id: 'n1', x: 10, y: 20 };
const status = { id: 's1', name: 'New', draw };
const type = { name: 'Repair', statuses: [status], components: [] };
const job = {
  appointmentTypeId: 't1',
  startDate: '2026-03-01T10:30:00.000Z',
  endDate: '2026-03-01T11:00:00.000Z',
};

describe('the constants of the specification (§3, §9)', () => {
  it('are as the specification lists them', () => {
    expect(STATUS_COLORS).toEqual(['primary', 'warning', 'success', 'danger', 'muted']);
    expect(SEND_FREQUENCIES).toEqual(['creation', 'daily', 'weekly', 'monthly']);
    expect(PRIORITIES).toEqual(['Critical', 'High', 'Medium', 'Low']);
    expect([NODE_WIDTH, NODE_HEIGHT]).toEqual([125, 75]);
    expect(MAX_JOB_IMAGES).toBe(69);
    expect(COMPONENT_TYPES).toEqual([
      'clientSelect',
      'text',
      'textArea',
      'date',
      'switch',
      'invoice',
      'document',
      'wording',
      'select',
      'itemsSelect',
      'usersSelect',
      'userSigniture',
      'signiture',
      'comments',
      'images',
    ]);
  });
});

describe('ZStatus', () => {
  it('fills in every default', () => {
    expect(ZStatus.parse(status)).toEqual({
      id: 's1',
      name: 'New',
      color: 'primary',
      hide: false,
      next: [],
      draw: { id: 'n1', type: 'Task', width: 125, height: 75, x: 10, y: 20, linksTo: [] },
      autoGenerateInvoice: false,
      autoSendInvoiceTemplate: null,
      autoSendInvoiceClient: false,
      autoSendInvoiceClientFrequency: 'creation',
      autoMoveInvoiceClient: false,
      autoGroupInvoiceClient: false,
      autoSendInvoiceClientIncludeTemplates: [],
      sendNotification: false,
      sendNotificationClient: false,
      sendNotificationSubject: '',
      sendNotificationBody: '',
      sendNotificationInvoice: false,
      sendNotificationTemplates: [],
      sendNotificationInvoiceTemplate: null,
      requiredComponents: [],
      permissions: {},
    });
  });

  it('trims the name and subject; takes "" for no template', () => {
    const s = ZStatus.parse({
      ...status,
      name: ' On site ',
      sendNotificationSubject: ' Hi ',
      autoSendInvoiceTemplate: '',
    });
    expect([s.name, s.sendNotificationSubject, s.autoSendInvoiceTemplate]).toEqual([
      'On site',
      'Hi',
      null,
    ]);
  });

  it('wants a name of one line, of at most 60 characters', () => {
    expect(problems(ZStatus, { ...status, name: '' })).toEqual(['name: is required']);
    expect(problems(ZStatus, { ...status, name: '   ' })).toEqual(['name: is required']);
    expect(problems(ZStatus, { ...status, name: 'On\nsite' })).toEqual(['name: must be one line']);
    expect(problems(ZStatus, { ...status, name: 'On\tsite' })).toEqual(['name: must be one line']);
    expect(problems(ZStatus, { ...status, name: 'x'.repeat(60) })).toEqual([]);
    expect(problems(ZStatus, { ...status, name: 'x'.repeat(61) })).toHaveLength(1);
    expect(problems(ZStatus, { id: 's1', draw })).toEqual(['name: is required']);
  });

  it('refuses a colour, frequency or position outside the lists and bounds', () => {
    expect(problems(ZStatus, { ...status, color: 'pink' })).toHaveLength(1);
    expect(problems(ZStatus, { ...status, autoSendInvoiceClientFrequency: 'hourly' })).toHaveLength(
      1,
    );
    expect(problems(ZStatus, { ...status, draw: { ...draw, x: Infinity } })[0]).toMatch(
      /^draw\.x: /,
    );
    expect(problems(ZStatus, { ...status, draw: { ...draw, y: 100001 } })[0]).toMatch(/^draw\.y: /);
    expect(problems(ZStatus, { ...status, draw: { ...draw, x: -100000, y: 100000 } })).toEqual([]);
    expect(problems(ZStatus, { ...status, draw: { ...draw, type: 'Gateway' } })[0]).toMatch(
      /^draw\.type: /,
    );
    expect(problems(ZStatus, { ...status, draw: { ...draw, id: '' } })[0]).toMatch(/^draw\.id: /);
  });

  it('holds at most 50 links, next names and required fields', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `n${i}`);
    expect(problems(ZStatus, { ...status, draw: { ...draw, linksTo: ids(50) } })).toEqual([]);
    expect(problems(ZStatus, { ...status, draw: { ...draw, linksTo: ids(51) } })[0]).toMatch(
      /^draw\.linksTo: /,
    );
    expect(problems(ZStatus, { ...status, next: ids(51) })[0]).toMatch(/^next: /);
    expect(problems(ZStatus, { ...status, requiredComponents: ids(50) })).toEqual([]);
    expect(problems(ZStatus, { ...status, requiredComponents: ids(51) })[0]).toMatch(
      /^requiredComponents: /,
    );
  });

  it('attaches at most 10 templates, each with an id', () => {
    const refs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `t${i}`, name: 'T' }));
    expect(problems(ZStatus, { ...status, sendNotificationTemplates: refs(10) })).toEqual([]);
    expect(problems(ZStatus, { ...status, sendNotificationTemplates: refs(11) })).toHaveLength(1);
    expect(
      problems(ZStatus, {
        ...status,
        autoSendInvoiceClientIncludeTemplates: [{ id: '', name: 'T' }],
      }),
    ).toHaveLength(1);
  });

  it('keeps permissions, nested by group', () => {
    const permissions = { hideAssignee: true, groups: { g1: { hideAssignee: false } } };
    expect(ZStatus.parse({ ...status, permissions }).permissions).toEqual(permissions);
    expect(problems(ZStatus, { ...status, permissions: { hideAssignee: 'yes' } })).toHaveLength(1);
  });
});

describe('ZProp and ZComponent', () => {
  it('a prop starts with a letter and holds letters, digits and _, up to 60', () => {
    for (const ok of ['a', 'notes', 'field_1', 'A9', 'x'.repeat(60)])
      expect(problems(ZProp, ok), ok).toEqual([]);
    for (const bad of ['', '1a', '_a', 'a-b', 'a b', 'é', 'x'.repeat(61), '__proto__'])
      expect(problems(ZProp, bad), bad).toEqual([
        ': must start with a letter and hold only letters, digits and _',
      ]);
  });

  it('a component defaults to text, without template, options, wording or permissions', () => {
    expect(ZComponent.parse({ prop: 'notes', label: ' Notes ' })).toEqual({
      prop: 'notes',
      label: 'Notes',
      type: 'text',
      templateId: null,
      options: [],
      wording: '',
      permissions: {},
    });
  });

  it('refuses an unknown type, an empty label or option, too many options', () => {
    const c = { prop: 'p', label: 'L' };
    expect(problems(ZComponent, { ...c, type: 'signature' })[0]).toMatch(/^type: /);
    expect(problems(ZComponent, { ...c, label: ' ' })).toEqual(['label: is required']);
    expect(problems(ZComponent, { ...c, label: 'x'.repeat(101) })[0]).toMatch(/^label: /);
    expect(problems(ZComponent, { ...c, options: ['a', ' '] })[0]).toMatch(/^options\.1: /);
    const opts = (n: number) => Array.from({ length: n }, (_, i) => `o${i}`);
    expect(problems(ZComponent, { ...c, options: opts(50) })).toEqual([]);
    expect(problems(ZComponent, { ...c, options: opts(51) })[0]).toMatch(/^options: /);
    expect(problems(ZComponent, { ...c, prop: '9' })[0]).toMatch(/^prop: /);
  });

  it('keeps permissions per status and group', () => {
    const permissions = { s1: { hide: true, groups: { g1: { hide: false, viewOnly: true } } } };
    expect(ZComponent.parse({ prop: 'p', label: 'L', permissions }).permissions).toEqual(
      permissions,
    );
    expect(
      problems(ZComponent, { prop: 'p', label: 'L', permissions: { s1: { hide: 1 } } })[0],
    ).toMatch(/^permissions\.s1\.hide: /);
  });
});

describe('ZAppointmentTypeSave', () => {
  it('fills in the defaults', () => {
    const t = ZAppointmentTypeSave.parse(type);
    expect([t.name, t.description, t.color, t.order, t.icon]).toEqual([
      'Repair',
      '',
      'primary',
      undefined,
      undefined,
    ]);
    expect(t.statuses[0]!.draw.width).toBe(125);
  });

  it('needs a name and a status', () => {
    expect(problems(ZAppointmentTypeSave, { ...type, name: ' ' })).toEqual(['name: is required']);
    expect(problems(ZAppointmentTypeSave, { ...type, name: 'A\r' })).toEqual([]);
    expect(problems(ZAppointmentTypeSave, { ...type, name: 'A\rB' })).toEqual([
      'name: must be one line',
    ]);
    expect(problems(ZAppointmentTypeSave, { ...type, statuses: [] })).toEqual([
      'statuses: needs at least one status',
    ]);
    expect(problems(ZAppointmentTypeSave, { name: 'A', statuses: [status] })).toEqual([
      'components: is required',
    ]);
  });

  it('holds at most 40 statuses and 60 components', () => {
    const statuses = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ ...status, id: `s${i}`, name: `S${i}` }));
    const components = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ prop: `p${i}`, label: `L${i}` }));
    expect(problems(ZAppointmentTypeSave, { ...type, statuses: statuses(40) })).toEqual([]);
    expect(problems(ZAppointmentTypeSave, { ...type, statuses: statuses(41) })[0]).toMatch(
      /^statuses: /,
    );
    expect(problems(ZAppointmentTypeSave, { ...type, components: components(60) })).toEqual([]);
    expect(problems(ZAppointmentTypeSave, { ...type, components: components(61) })[0]).toMatch(
      /^components: /,
    );
  });

  it('takes an order of 0 to 1000', () => {
    expect(problems(ZAppointmentTypeSave, { ...type, order: 0 })).toEqual([]);
    expect(problems(ZAppointmentTypeSave, { ...type, order: 1000 })).toEqual([]);
    for (const bad of [-1, 1001, 1.5])
      expect(problems(ZAppointmentTypeSave, { ...type, order: bad })[0], String(bad)).toMatch(
        /^order: /,
      );
  });
});

describe('ZComponentValue', () => {
  it('takes text, numbers, switches, null and up to 69 file ids', () => {
    for (const ok of ['x', 0, -2.5, true, false, null, [], ['f1']])
      expect(problems(ZComponentValue, ok), JSON.stringify(ok)).toEqual([]);
    const files = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);
    expect(problems(ZComponentValue, files(69))).toEqual([]);
    expect(problems(ZComponentValue, files(70))).not.toEqual([]);
  });

  it('refuses objects, infinite numbers, long file ids and long text', () => {
    for (const bad of [{}, Infinity, NaN, ['x'.repeat(65)], [1], 'x'.repeat(20001)])
      expect(problems(ZComponentValue, bad), String(bad)).not.toEqual([]);
    expect(problems(ZComponentValue, 'x'.repeat(20000))).toEqual([]);
  });
});

describe('ZAppointmentSave', () => {
  it('takes a job with only its type and times', () => {
    expect(problems(ZAppointmentSave, job)).toEqual([]);
    expect(problems(ZAppointmentSave, { ...job, startDate: '2026-03-01T10:30' })).toEqual([]);
  });

  it("takes no type as the first type (spec §4), and asks to 'Please select a type' for an empty one", () => {
    const { appointmentTypeId: _, ...rest } = job;
    expect(problems(ZAppointmentSave, rest)).toEqual([]);
    expect(problems(ZAppointmentSave, { ...job, appointmentTypeId: '' })).toEqual([
      'appointmentTypeId: Please select a type',
    ]);
    expect(problems(ZAppointmentSave, { ...job, appointmentTypeId: 7 })).toHaveLength(1);
  });

  it('wants dates and times', () => {
    for (const bad of ['tomorrow', '01/03/2026 10:00', '2026-13-45T10:00', ''])
      expect(problems(ZAppointmentSave, { ...job, startDate: bad }), bad).toEqual([
        'startDate: must be a date and time',
      ]);
    expect(problems(ZAppointmentSave, { ...job, endDate: 'x' })).toEqual([
      'endDate: must be a date and time',
    ]);
  });

  it('takes the priorities of the specification, or none', () => {
    for (const p of [...PRIORITIES, ''])
      expect(problems(ZAppointmentSave, { ...job, priority: p }), p).toEqual([]);
    expect(problems(ZAppointmentSave, { ...job, priority: 'Urgent' })[0]).toMatch(/^priority: /);
  });

  it('keys values by component prop', () => {
    expect(problems(ZAppointmentSave, { ...job, values: { notes: 'n', pics: ['f1'] } })).toEqual(
      [],
    );
    expect(problems(ZAppointmentSave, { ...job, values: { 'bad-key': 'n' } })[0]).toMatch(
      /^values/,
    );
    expect(problems(ZAppointmentSave, { ...job, values: { notes: { a: 1 } } })[0]).toMatch(
      /^values\.notes: /,
    );
  });

  it('holds at most 200 lines and 50 assignees', () => {
    const line = { description: 'Geyser', qty: 1, price: 100 };
    expect(problems(ZAppointmentSave, { ...job, lineItems: Array(200).fill(line) })).toEqual([]);
    expect(problems(ZAppointmentSave, { ...job, lineItems: Array(201).fill(line) })[0]).toMatch(
      /^lineItems: /,
    );
    const users = (n: number) => Array.from({ length: n }, (_, i) => `u${i}`);
    expect(problems(ZAppointmentSave, { ...job, assignedUsers: users(50) })).toEqual([]);
    expect(problems(ZAppointmentSave, { ...job, assignedUsers: users(51) })[0]).toMatch(
      /^assignedUsers: /,
    );
  });

  it('takes "" and null for no client or assignee, and trims the texts', () => {
    const j = ZAppointmentSave.parse({
      ...job,
      entityId: '',
      userId: null,
      faultDescription: ' Leaks ',
    });
    expect([j.entityId, j.userId, j.faultDescription]).toEqual([null, null, 'Leaks']);
    expect(problems(ZAppointmentSave, { ...job, faultDescription: 'x'.repeat(5001) })[0]).toMatch(
      /^faultDescription: /,
    );
  });

  it('takes a position only on the map', () => {
    expect(
      problems(ZAppointmentSave, { ...job, googlePosition: { lat: -33.9, lng: 18.4 } }),
    ).toEqual([]);
    expect(problems(ZAppointmentSave, { ...job, googlePosition: null })).toEqual([]);
    expect(problems(ZAppointmentSave, { ...job, googlePosition: { lat: 91, lng: 0 } })[0]).toMatch(
      /^googlePosition\.lat: /,
    );
  });
});

describe('the other job requests', () => {
  it('sortOrder: up to 1000 ids with a whole order of 0 to 1,000,000', () => {
    expect(
      problems(ZSortOrder, [
        { _id: 'a', sortOrder: 0 },
        { _id: 'b', sortOrder: 1e6 },
      ]),
    ).toEqual([]);
    expect(problems(ZSortOrder, [{ _id: 'a', sortOrder: 1.5 }])[0]).toMatch(/^0\.sortOrder: /);
    expect(problems(ZSortOrder, [{ _id: 'a', sortOrder: -1 }])[0]).toMatch(/^0\.sortOrder: /);
    expect(problems(ZSortOrder, [{ _id: '', sortOrder: 1 }])[0]).toMatch(/^0\._id: /);
    const many = Array.from({ length: 1001 }, (_, i) => ({ _id: `j${i}`, sortOrder: i }));
    expect(problems(ZSortOrder, many)).toHaveLength(1);
    expect(problems(ZSortOrder, many.slice(0, 1000))).toEqual([]);
  });

  it('a comment needs text of up to 5000 characters', () => {
    expect(ZJobCommentSave.parse({ text: ' Done. ' })).toEqual({ text: 'Done.' });
    expect(problems(ZJobCommentSave, { text: '  ' })).toEqual(['text: is required']);
    expect(problems(ZJobCommentSave, {})).toEqual(['text: is required']);
    expect(problems(ZJobCommentSave, { text: 'x'.repeat(5001) })[0]).toMatch(/^text: /);
  });

  it('a range takes from, to and type, all optional', () => {
    expect(problems(ZAppointmentRange, {})).toEqual([]);
    expect(
      problems(ZAppointmentRange, { from: '2026-03-01', to: '2026-05-01', type: 't1' }),
    ).toEqual([]);
    expect(problems(ZAppointmentRange, { type: 'x'.repeat(65) })[0]).toMatch(/^type: /);
  });
});
