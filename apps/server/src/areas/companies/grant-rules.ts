import type { GroupRights, TCompanySave } from '@fieldbook/core';
import type { CompanyRow } from './companies.repo.js';
import { isOwner, may, mayGrant, type Caller } from '../../platform/access.js';
import { HttpError } from '../../platform/errors.js';

export const GRANT_OWN_ONLY = 'You may only grant rights you hold yourself';
export const CREATE_GROUP_NEEDS_C = 'Creating a group needs the right to create settings';
export const OWNER_ONLY_POLICY =
  'Only the owner of the company may change whether its members must use two-factor sign-in';
/** Turning the rule on without a second factor of one's own would lock the owner out. */
export const REQUIRE_OWN_FACTOR_FIRST =
  'Turn on two-factor sign-in for yourself first (Profile Settings), then ask it of your members';
export const OWNER_ONLY_SETTINGS =
  'Only the owner of the company may change where its payments and e-mail go (PayFast and SMTP)';

/**
 * DECISIONS §2: a member may grant, in a group or by putting someone in a
 * group, only rights they hold themselves (the owner holds every right).
 */
export function assertMayGrant(
  me: Caller,
  rights: GroupRights | null,
  before: GroupRights | null = null,
): void {
  if (!mayGrant(me, rights, before)) throw new HttpError(403, GRANT_OWN_ONLY);
}

/** Creating a group needs settings c (its route needs settings u, as for editing one). */
export function assertMayCreateGroup(me: Caller): void {
  if (!may(me, 'settings', 'c')) throw new HttpError(403, CREATE_GROUP_NEEDS_C);
}

/**
 * PayFast (merchant, key, passphrase) and the company's own SMTP server are
 * the owner's alone. The browser posts the whole company back, so values
 * equal to the stored ones are no change; anything else from a member is 403.
 */
export function assertOwnerOnlyUnchanged(me: Caller, c: CompanyRow, b: TCompanySave): void {
  if (isOwner(me)) return;
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
  if (b.requireTwoFactor !== undefined && b.requireTwoFactor !== c.requireTwoFactor)
    throw new HttpError(403, OWNER_ONLY_POLICY);
}
