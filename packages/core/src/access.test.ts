import { describe, expect, it } from 'vitest';
import {
  AREAS,
  FLAGS,
  allRights,
  can,
  isSubsetOf,
  narrowTo,
  onlyGranted,
  type MemberAccess,
} from './access.js';

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

describe('an API token narrows the member (DECISIONS §17)', () => {
  it("holds a right only where the token names it and the member has it, the owner's too", () => {
    const owner = narrowTo(member({ isOwner: true }), { invoices: { r: true } });
    expect(can(owner, 'invoices', 'r')).toBe(true);
    expect(can(owner, 'invoices', 'u')).toBe(false);
    expect(can(owner, 'clients', 'r')).toBe(false);
    const clerk = narrowTo(member({ rights: { invoices: { r: true } } }), {
      invoices: { r: true, d: true },
      clients: { r: true },
    });
    expect(can(clerk, 'invoices', 'r')).toBe(true);
    // The token names d, the member lost it (or never had it): refused.
    expect(can(clerk, 'invoices', 'd')).toBe(false);
    expect(can(clerk, 'clients', 'r')).toBe(false);
  });

  it('an empty scope refuses everything, and a disabled member stays refused', () => {
    for (const a of AREAS)
      for (const f of FLAGS) expect(can(narrowTo(member({ isOwner: true }), {}), a, f)).toBe(false);
    const off = narrowTo(member({ disabled: true, isOwner: true }), allRights(true));
    expect(can(off, 'invoices', 'r')).toBe(false);
  });

  it('a token may be given only rights the member holds', () => {
    const m = member({ rights: { invoices: { r: true, u: true } } });
    expect(isSubsetOf({}, m)).toBe(true);
    expect(isSubsetOf({ invoices: { r: true } }, m)).toBe(true);
    expect(isSubsetOf({ invoices: { r: true, u: true, c: false } }, m)).toBe(true);
    expect(isSubsetOf({ invoices: { c: true } }, m)).toBe(false);
    expect(isSubsetOf({ clients: { r: true } }, m)).toBe(false);
    expect(isSubsetOf(allRights(true), member({ isOwner: true }))).toBe(true);
  });

  it('keeps only the rights that are on', () => {
    expect(onlyGranted({ invoices: { r: true, u: false }, clients: { c: false } })).toEqual({
      invoices: { r: true },
    });
    expect(onlyGranted(allRights(false))).toEqual({});
    expect(Object.keys(onlyGranted(allRights(true)))).toEqual([...AREAS]);
  });
});

describe('a member of a company that asks for a second factor, without one', () => {
  it('may do nothing there, owner or not, until they have one', () => {
    for (const m of [
      member({ needsTwoFactor: true, rights: allRights(true) }),
      member({ needsTwoFactor: true, isOwner: true }),
    ])
      for (const a of AREAS) for (const f of FLAGS) expect(can(m, a, f)).toBe(false);
    expect(can(member({ needsTwoFactor: false, isOwner: true }), 'settings', 'u')).toBe(true);
  });
});
