import { describe, expect, it } from 'vitest';
import { componentFlags, statusFlags, statusOf } from './permissions.js';

const none = {
  viewOnly: false,
  hide: false,
  hideItemCode: false,
  hideItemPrice: false,
  hideItemTax: false,
  hideAccount: false,
  hideSaveItem: false,
  allowMultiImages: false,
};

describe('componentFlags (spec §3, §4: per status, optionally per group)', () => {
  const component = {
    permissions: {
      s1: { hide: true, viewOnly: true, groups: { g1: { hide: false, hideItemPrice: true } } },
      s2: { allowMultiImages: true },
    },
  };

  it("answers the status's general flags, every flag named", () => {
    expect(componentFlags(component, 's1', null)).toEqual({ ...none, hide: true, viewOnly: true });
    expect(componentFlags(component, 's2', null)).toEqual({ ...none, allowMultiImages: true });
  });

  it("lets the group's own setting win, also when it turns a flag off", () => {
    expect(componentFlags(component, 's1', 'g1')).toEqual({
      ...none,
      hide: false,
      viewOnly: true,
      hideItemPrice: true,
    });
  });

  it('uses the general flags for a group without settings', () => {
    expect(componentFlags(component, 's1', 'g2')).toEqual({ ...none, hide: true, viewOnly: true });
    expect(componentFlags(component, 's2', 'g1')).toEqual({ ...none, allowMultiImages: true });
  });

  it('sets nothing for a status without settings, or for Unscheduled and Scheduled', () => {
    expect(componentFlags(component, 's3', 'g1')).toEqual(none);
    expect(componentFlags(component, null, 'g1')).toEqual(none);
    expect(componentFlags(component, null, null)).toEqual(none);
    expect(componentFlags({ permissions: {} }, 's1', 'g1')).toEqual(none);
  });

  it('reads no status or group as none, even beside an id spelt "null"', () => {
    const odd = { permissions: { null: { hide: true, groups: { null: { viewOnly: true } } } } };
    expect(componentFlags(odd, null, null)).toEqual(none);
    expect(componentFlags(odd, 'null', null)).toEqual({ ...none, hide: true });
    expect(componentFlags(odd, 'null', 'null')).toEqual({ ...none, hide: true, viewOnly: true });
  });

  it('reads each flag under its own name', () => {
    for (const flag of Object.keys(none)) {
      const general = { permissions: { s: { [flag]: true } } };
      expect(componentFlags(general, 's', null), flag).toEqual({ ...none, [flag]: true });
      const byGroup = { permissions: { s: { groups: { g: { [flag]: true } } } } };
      expect(componentFlags(byGroup, 's', 'g'), flag).toEqual({ ...none, [flag]: true });
      expect(componentFlags(byGroup, 's', null), flag).toEqual(none);
    }
  });
});

describe('statusFlags', () => {
  const noneS = { hideDeleteItem: false, viewOnlySchedule: false, hideAssignee: false };
  const status = {
    permissions: {
      hideAssignee: true,
      viewOnlySchedule: true,
      groups: { g1: { hideAssignee: false, hideDeleteItem: true } },
    },
  };

  it('answers the general flags, or the group overriding them', () => {
    expect(statusFlags(status, null)).toEqual({
      ...noneS,
      hideAssignee: true,
      viewOnlySchedule: true,
    });
    expect(statusFlags(status, 'g2')).toEqual({
      ...noneS,
      hideAssignee: true,
      viewOnlySchedule: true,
    });
    expect(statusFlags(status, 'g1')).toEqual({
      hideDeleteItem: true,
      viewOnlySchedule: true,
      hideAssignee: false,
    });
  });

  it('reads no group as none, even beside a group id spelt "null"', () => {
    const odd = { permissions: { groups: { null: { hideAssignee: true } } } };
    expect(statusFlags(odd, null)).toEqual(noneS);
    expect(statusFlags(odd, 'null')).toEqual({ ...noneS, hideAssignee: true });
  });

  it('sets nothing without a status or settings', () => {
    expect(statusFlags(null, 'g1')).toEqual(noneS);
    expect(statusFlags(undefined, null)).toEqual(noneS);
    expect(statusFlags({ permissions: {} }, 'g1')).toEqual(noneS);
  });

  it('reads each flag under its own name', () => {
    for (const flag of Object.keys(noneS)) {
      expect(statusFlags({ permissions: { [flag]: true } }, null), flag).toEqual({
        ...noneS,
        [flag]: true,
      });
      const byGroup = { permissions: { groups: { g: { [flag]: true } } } };
      expect(statusFlags(byGroup, 'g'), flag).toEqual({ ...noneS, [flag]: true });
      expect(statusFlags(byGroup, null), flag).toEqual(noneS);
    }
  });
});

describe('statusOf', () => {
  const a = { name: 'New', n: 1 };
  const b = { name: 'Booked', n: 2 };
  const b2 = { name: 'Booked', n: 3 };

  it("finds the type's status of that name", () => {
    expect(statusOf([a, b, b2], 'Booked')).toBe(b);
    expect(statusOf([a, b], 'New')).toBe(a);
  });

  it('answers null for Unscheduled, Scheduled, no name or a name the type lacks', () => {
    expect(statusOf([a, b], 'Unscheduled')).toBeNull();
    expect(statusOf([a, b], 'Scheduled')).toBeNull();
    expect(statusOf([a, b], 'booked')).toBeNull();
    expect(statusOf([a, b], '')).toBeNull();
    expect(statusOf([a, b, { name: '' }], '')).toBeNull();
    expect(statusOf([a, b], null)).toBeNull();
    expect(statusOf([a, b], undefined)).toBeNull();
    expect(statusOf([], 'New')).toBeNull();
  });
});
