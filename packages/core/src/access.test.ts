import { describe, expect, it } from 'vitest';
import { AREAS, FLAGS, allRights, can, type MemberAccess } from './access.js';

const member = (over: Partial<MemberAccess> = {}): MemberAccess => ({
  isOwner: false,
  disabled: false,
  rights: null,
  ...over,
});

describe('can', () => {
  it('lets the owner do everything in every area', () => {
    for (const a of AREAS)
      for (const f of FLAGS) expect(can(member({ isOwner: true }), a, f)).toBe(true);
  });

  it('refuses everything to a member with no group', () => {
    for (const a of AREAS) for (const f of FLAGS) expect(can(member(), a, f)).toBe(false);
  });

  it('refuses everything to a disabled member, even with all rights', () => {
    const m = member({ disabled: true, rights: allRights(true) });
    for (const a of AREAS) for (const f of FLAGS) expect(can(m, a, f)).toBe(false);
  });

  it('refuses everything to no member at all', () => {
    expect(can(null, 'invoices', 'r')).toBe(false);
    expect(can(undefined, 'settings', 'c')).toBe(false);
  });

  it('grants exactly the flags of the group', () => {
    const m = member({ rights: { invoices: { r: true, c: true }, clients: { d: true } } });
    expect(can(m, 'invoices', 'r')).toBe(true);
    expect(can(m, 'invoices', 'c')).toBe(true);
    expect(can(m, 'invoices', 'u')).toBe(false);
    expect(can(m, 'clients', 'd')).toBe(true);
    expect(can(m, 'clients', 'r')).toBe(false);
    expect(can(m, 'expenses', 'r')).toBe(false);
  });

  it('treats a flag that is not exactly true as false', () => {
    const m = member({ rights: { invoices: { r: 'yes' as unknown as boolean } } });
    expect(can(m, 'invoices', 'r')).toBe(false);
  });
});
