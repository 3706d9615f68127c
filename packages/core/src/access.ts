/** The areas of a company that permissions are granted for (DECISIONS §2). */
export const AREAS = ['invoices', 'expenses', 'clients', 'appointments', 'settings'] as const;
export type Area = (typeof AREAS)[number];

/** c create, r read, u update, d delete. */
export const FLAGS = ['c', 'r', 'u', 'd'] as const;
export type Flag = (typeof FLAGS)[number];

export type AreaFlags = Partial<Record<Flag, boolean>>;
/** A group's rights: per area, per flag. Missing areas or flags are false. */
export type GroupRights = Partial<Record<Area, AreaFlags>>;

/** What the access rules need to know of a user inside one company. */
export interface MemberAccess {
  /** The company's creator (`company.userId`): may do everything. */
  isOwner: boolean;
  /** A disabled member may do nothing in the company. */
  disabled: boolean;
  /** The rights of the member's group, or null when the member has no group. */
  rights: GroupRights | null;
  /**
   * What an API token narrows the member to (docs/api.md): a right holds only
   * when the member holds it and the token names it. Absent for a session.
   */
  scope?: GroupRights;
  /**
   * The company asks its members for a second factor and this one has none:
   * nothing in the company until they turn it on (docs/auth.md).
   */
  needsTwoFactor?: boolean;
}

/**
 * Whether a member may use `flag` on `area`. The owner may do everything unless
 * disabled (an owner cannot be disabled in practice); a member without a group,
 * or without settings for the area, may do nothing.
 */
export function can(member: MemberAccess | null | undefined, area: Area, flag: Flag): boolean {
  if (!member || member.disabled || member.needsTwoFactor) return false;
  if (member.scope && member.scope[area]?.[flag] !== true) return false;
  if (member.isOwner) return true;
  return member.rights?.[area]?.[flag] === true;
}

/** The member as an API token with these rights sees them (DECISIONS §17: a subset, never more). */
export function narrowTo(member: MemberAccess, scope: GroupRights): MemberAccess {
  return { ...member, scope };
}

/**
 * Whether every right `rights` turns on is one the member holds now: what a
 * token may be given (DECISIONS §17). An empty set is a subset.
 */
export function isSubsetOf(rights: GroupRights, member: MemberAccess): boolean {
  return AREAS.every((a) => FLAGS.every((f) => rights[a]?.[f] !== true || can(member, a, f)));
}

/** Only the rights that are on, in areas and flags order (how a token's rights are kept). */
export function onlyGranted(rights: GroupRights): GroupRights {
  const out: GroupRights = {};
  for (const a of AREAS) {
    const on = FLAGS.filter((f) => rights[a]?.[f] === true);
    if (on.length) out[a] = Object.fromEntries(on.map((f) => [f, true])) as AreaFlags;
  }
  return out;
}

/** Rights with every flag of every area set to `value`. */
export function allRights(value: boolean): Required<Record<Area, Required<AreaFlags>>> {
  const entries = AREAS.map((a) => [a, { c: value, r: value, u: value, d: value }] as const);
  return Object.fromEntries(entries) as Required<Record<Area, Required<AreaFlags>>>;
}
