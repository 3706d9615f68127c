import { describe, expect, it } from 'vitest';
import type { TAppointmentType } from '@fieldbook/core';
import * as ops from './designer-state';

const saved = (): TAppointmentType => {
  const d = ops.createDraft();
  return {
    ...d,
    _id: 't1',
    updatedAt: '2026-01-01T00:00:00.000Z',
    order: 0,
    components: [{ ...ops.addComponent(d).components[0]!, prop: 'serial' }],
  } as unknown as TAppointmentType;
};

describe('the designer state', () => {
  it('starts a new type as New with a first and a final status, unsaved', () => {
    const d = ops.createDraft();
    expect(d.name).toBe('New');
    expect(d.statuses.map((s) => s.name)).toEqual(['New', 'Done']);
    expect(d.dirty).toBe(true);
    expect(d._id).toBeUndefined();
  });

  it('loads a saved type clean and posts it back with its id, version and order', () => {
    const d = ops.fromSaved(saved());
    expect(d.dirty).toBe(false);
    const body = ops.toSaveBody(d, 3);
    expect(body).toMatchObject({ _id: 't1', updatedAt: '2026-01-01T00:00:00.000Z', order: 3 });
    // A link means "next": the first status's next is the second.
    expect(body.statuses[0]!.next).toEqual([d.statuses[1]!.name]);
  });

  it('posts a new type without an id or a version, and no empty icon', () => {
    const body = ops.toSaveBody({ ...ops.createDraft(), icon: '' }, 0);
    expect(body).not.toHaveProperty('_id');
    expect(body).not.toHaveProperty('updatedAt');
    expect(body.icon).toBeUndefined();
  });

  it('names an added status so no other has its name', () => {
    let d = ops.createDraft();
    d = ops.addStatus(d).draft;
    d = ops.updateStatus(d, d.statuses[2]!.id, { name: 'Status 4' });
    const { draft, id } = ops.addStatus(d);
    expect(draft.statuses).toHaveLength(4);
    expect(draft.statuses.find((s) => s.id === id)?.name).toBe('Status 5');
  });

  it('removes a status with the links into it and the permissions it had', () => {
    const t = saved();
    const done = t.statuses[1]!;
    t.components[0]!.permissions = { [done.id]: { hide: true } } as never;
    const d = ops.removeStatus(ops.fromSaved(t), done.id);
    expect(d.statuses.map((s) => s.name)).toEqual(['New']);
    expect(d.statuses[0]!.draw.linksTo).toEqual([]);
    expect(d.components[0]!.permissions).toEqual({});
    expect(ops.removeStatus(d, 'nope')).toBe(d);
  });

  it('links without self-links or repeats, and unlinks', () => {
    const d = ops.createDraft();
    const [a, b] = d.statuses.map((s) => s.draw.id);
    expect(ops.addLink(d, a!, b!)).toBe(d);
    const set = ops.setLinks(d, a!, [a!, b!, b!]);
    expect(set.statuses[0]!.draw.linksTo).toEqual([b]);
    expect(ops.removeLink(set, a!, b!).statuses[0]!.draw.linksTo).toEqual([]);
  });

  it('rounds a dropped node to whole pixels', () => {
    const d = ops.createDraft();
    const moved = ops.moveNode(d, d.statuses[0]!.draw.id, 10.6, 20.2);
    expect(moved.statuses[0]!.draw).toMatchObject({ x: 11, y: 20 });
  });

  it('renames a component in the statuses that require it, and drops it with it', () => {
    const t = saved();
    t.statuses[1]!.requiredComponents = ['serial'];
    const d = ops.fromSaved(t);
    const renamed = ops.updateComponent(d, 0, { prop: 'sn' });
    expect(renamed.statuses[1]!.requiredComponents).toEqual(['sn']);
    expect(ops.removeComponent(renamed, 0).statuses[1]!.requiredComponents).toEqual([]);
  });

  it('adds components under free names and moves them within the list', () => {
    let d = ops.addComponent(ops.addComponent(ops.createDraft()));
    expect(d.components.map((c) => c.prop)).toEqual(['field1', 'field2']);
    d = ops.moveComponent(d, 0, 1);
    expect(d.components.map((c) => c.prop)).toEqual(['field2', 'field1']);
    expect(ops.moveComponent(d, 0, -1)).toBe(d);
  });

  it('words a field the server named as the status or component it belongs to', () => {
    const d = ops.fromSaved(saved());
    expect(ops.fieldLabel(d, 'statuses.1.name')).toBe("Status 'Done': name");
    expect(ops.fieldLabel(d, 'components.0')).toMatch(/^Field '/);
    expect(ops.fieldLabel(d, 'statuses.9.name')).toBe('statuses.9.name');
  });
});
