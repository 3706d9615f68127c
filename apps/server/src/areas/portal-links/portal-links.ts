import { createHash, randomBytes } from 'node:crypto';
import type { TPortalLinkStatus } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import type { Sealer } from '../../platform/crypto.js';
import * as repo from './portal-links.repo.js';

/**
 * Portal links (docs/portal.md): 256 random bits, base64url (43 characters),
 * stored only as their SHA-256. A link works from its making until its
 * expiry unless revoked; making one revokes the client's others.
 */

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 86_400_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The portal's address for a token: a page of the web app, which asks the API. */
export const portalUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/portal/${token}`;

/** Whether the token could be one of ours: anything else is not worth a query. */
export const tokenShaped = (token: string) => TOKEN_SHAPE.test(token);

/** A new link for the client, in the caller's transaction: the client's others stop working. */
export async function makeLink(
  tx: Tx,
  sealer: Sealer,
  v: {
    companyId: string;
    clientId: string;
    days: number;
    createdBy: string | null;
    /** Made for an invoice or quote mail, not asked for by the client (not a renewal). */
    madeForMail?: boolean;
  },
): Promise<{ token: string; link: repo.PortalLinkRow; replaced: string[] }> {
  const token = randomBytes(32).toString('base64url');
  const replaced = await repo.revokeLinks(tx, v.companyId, v.clientId);
  const link = await repo.insertLink(tx, {
    companyId: v.companyId,
    clientId: v.clientId,
    tokenHash: hashToken(token),
    sealedToken: sealer.seal(token),
    madeForMail: v.madeForMail ?? false,
    expiresAt: new Date(Date.now() + v.days * DAY_MS),
    createdBy: v.createdBy,
  });
  return { token, link, replaced };
}

/**
 * The client's working link for an invoice or quote mail (docs/portal.md,
 * "In every mail"): the link that works now, opened from its sealed token, or
 * else a new one (made by nobody, for the company's `portalLinkDays`). Under
 * a lock per client, so two mails at once carry the same link rather than
 * one revoking the other's. A link whose seal no longer opens (the server's
 * key changed) is replaced as well.
 */
export async function linkForMail(
  db: Tx,
  sealer: Sealer,
  publicUrl: string,
  v: { companyId: string; clientId: string; days: number },
): Promise<string | null> {
  const token = await db.transaction(async (tx) => {
    await repo.lockClientLinks(tx, v.companyId, v.clientId);
    const current = await repo.latestLink(tx, v.companyId, v.clientId);
    // Staff revoked the client's link (it may have leaked): mails carry none until they make one.
    if (current && linkState(current) === 'revoked') return null;
    if (current && linkState(current) === 'active' && current.sealedToken) {
      try {
        return sealer.open(current.sealedToken);
      } catch {
        // Sealed under another key: a new link below.
      }
    }
    return (await makeLink(tx, sealer, { ...v, createdBy: null, madeForMail: true })).token;
  });
  return token ? portalUrl(publicUrl, token) : null;
}

export type LinkState = TPortalLinkStatus['state'];

/** Where a link stands now. */
export function linkState(link: repo.PortalLinkRow | null, now = new Date()): LinkState {
  if (!link) return 'none';
  if (link.revokedAt) return 'revoked';
  return link.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** The link as staff see it (never the token). */
export function presentStatus(link: repo.PortalLinkRow | null): TPortalLinkStatus {
  return {
    state: linkState(link),
    createdAt: link?.createdAt.toISOString() ?? null,
    expiresAt: link?.expiresAt.toISOString() ?? null,
    lastUsedAt: link?.lastUsedAt?.toISOString() ?? null,
  };
}
