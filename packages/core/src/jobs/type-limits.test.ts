import { describe, expect, it } from 'vitest';
import { defaultTypes, normaliseType } from './defaults.js';
import {
  MAX_TYPE_BYTES,
  permissionKeyFault,
  typeBytes,
  typeSizeFault,
  withoutStaleKeys,
} from './type-limits.js';

const booking = () => normaliseType(defaultTypes()[1]!);

describe('type size (issue 19 B4)', () => {
  it('counts UTF-8 bytes of the stored JSON; the shipped types are small', () => {
    const t = booking();
    expect(typeBytes(t)).toBeLessThan(8 * 1024);
    expect(typeBytes({ ...t, description: 'é' })).toBe(typeBytes({ ...t, description: 'e' }) + 1);
    expect(typeSizeFault(t)).toBeNull();
  });

  it('refuses a type over the limit, naming the larger part', () => {
    const t = booking();
    const big = {
      ...t,
      components: [{ ...t.components[0]!, wording: 'x'.repeat(MAX_TYPE_BYTES) }],
    };
    expect(typeSizeFault(big)).toEqual({
      field: 'components',
      message: expect.stringMatching(/^The type is \d+ KB; a type may be at most 128 KB$/),
    });
  });
});

describe('permission keys', () => {
  it("checks a field's status keys and every groups map", () => {
    const t = booking();
    const sid = t.statuses[0]!.id;
    const g = new Set(['g1']);
    expect(permissionKeyFault(t.statuses, t.components, g)).toBeNull();
    const comps = [{ permissions: { nope: { hide: true } } }];
    expect(permissionKeyFault(t.statuses, comps, g)?.field).toBe('components.0.permissions');
    const grouped = [{ permissions: { [sid]: { groups: { g2: { hide: true } } } } }];
    expect(permissionKeyFault(t.statuses, grouped, g)?.field).toBe(
      `components.0.permissions.${sid}.groups`,
    );
    const st = t.statuses.map((s, i) =>
      i === 1 ? { ...s, permissions: { groups: { g2: { hideAssignee: true } } } } : s,
    );
    expect(permissionKeyFault(st, [], g)?.field).toBe('statuses.1.permissions.groups');
    expect(permissionKeyFault(st, [], new Set(['g2']))).toBeNull();
  });

  it('drops the keys of groups the company no longer has', () => {
    const t = booking();
    const sid = t.statuses[0]!.id;
    const withGroups = {
      statuses: [{ id: sid, permissions: { groups: { a: { hideAssignee: true }, b: {} } } }],
      components: [{ permissions: { [sid]: { hide: true, groups: { b: { hide: true } } } } }],
    };
    expect(withoutStaleKeys(withGroups, new Set(['a']))).toEqual({
      statuses: [{ id: sid, permissions: { groups: { a: { hideAssignee: true } } } }],
      components: [{ permissions: { [sid]: { hide: true, groups: {} } } }],
    });
  });

  it("drops a field's keys of statuses the type no longer has, and unknown required fields", () => {
    const t = booking();
    const sid = t.statuses[0]!.id;
    const stale = {
      statuses: [{ id: sid, permissions: {}, requiredComponents: ['notes', 'gone'] }],
      components: [
        { prop: 'notes', permissions: { [sid]: { hide: true }, 'st-gone': { viewOnly: true } } },
      ],
    };
    const kept = withoutStaleKeys(stale, new Set());
    expect(kept.components[0]!.permissions).toEqual({ [sid]: { hide: true } });
    expect(kept.statuses[0]!.requiredComponents).toEqual(['notes']);
    expect(permissionKeyFault(kept.statuses, kept.components, new Set())).toBeNull();
  });
});
