import {
  AREAS,
  FLAGS,
  can,
  type Area,
  type Flag,
  type GroupRights,
  type MemberAccess,
  type TCompanySave,
} from '@fieldbook/core';
import type { CompanyRow } from './companies.repo.js';
import { HttpError } from '../../platform/errors.js';

export const GRANT_OWN_ONLY = 'You may only grant rights you hold yourself';
export const CREATE_GROUP_NEEDS_C = 'Creating a group needs the right to create settings';
export const OWNER_ONLY_SETTINGS =
  'Only the owner of the company may change where its payments and e-mail go (PayFast and SMTP)';

/** The flags `rights` turns on that `before` did not have. */
export function grantedFlags(rights: GroupRights, before: GroupRights | null): [Area, Flag][] {
  const out: [Area, Flag][] = [];
  for (const area of AREAS)
    for (const flag of FLAGS)
      if (rights[area]?.[flag] === true && before?.[area]?.[flag] !== true) out.push([area, flag]);
  return out;
}

/**
 * DECISIONS §2: a member may grant, in a group or by putting someone in a
 * group, only rights they hold themselves (the owner holds every right).
 */
export function assertMayGrant(
  me: MemberAccess,
  rights: GroupRights | null,
  before: GroupRights | null = null,
): void {
  if (!rights || me.isOwner) return;
  if (grantedFlags(rights, before).some(([area, flag]) => !can(me, area, flag)))
    throw new HttpError(403, GRANT_OWN_ONLY);
}

/** Creating a group needs settings c (its route needs settings u, as for editing one). */
export function assertMayCreateGroup(me: MemberAccess): void {
  if (!can(me, 'settings', 'c')) throw new HttpError(403, CREATE_GROUP_NEEDS_C);
}

/**
 * PayFast (merchant, key, passphrase) and the company's own SMTP server are
 * the owner's alone. The browser posts the whole company back, so values
 * equal to the stored ones are no change; anything else from a member is 403.
 */
export function assertOwnerOnlyUnchanged(me: MemberAccess, c: CompanyRow, b: TCompanySave): void {
  if (me.isOwner) return;
  const smtpChanged =
    b.smtp !== undefined &&
    (b.smtp === null
      ? c.smtp !== null
      : !c.smtp ||
        !!b.smtp.password ||
        b.smtp.host !== c.smtp.host ||
        b.smtp.port !== c.smtp.port ||
        b.smtp.secure !== c.smtp.secure ||
        b.smtp.user !== c.smtp.user);
  const payfastChanged =
    b.payfast !== undefined &&
    (b.payfast === null
      ? c.payfast !== null
      : !c.payfast ||
        !!b.payfast.passphrase ||
        b.payfast.merchantId !== c.payfast.merchantId ||
        b.payfast.merchantKey !== c.payfast.merchantKey ||
        b.payfast.sandbox !== c.payfast.sandbox);
  if (smtpChanged || payfastChanged) throw new HttpError(403, OWNER_ONLY_SETTINGS);
}
