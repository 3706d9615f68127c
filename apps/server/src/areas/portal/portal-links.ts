import { createHash, randomBytes } from 'node:crypto';
import type { TPortalLinkStatus } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import * as repo from './portal.repo.js';

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
  v: { companyId: string; clientId: string; days: number; createdBy: string | null },
): Promise<{ token: string; link: repo.PortalLinkRow; replaced: string[] }> {
  const token = randomBytes(32).toString('base64url');
  const replaced = await repo.revokeLinks(tx, v.companyId, v.clientId);
  const link = await repo.insertLink(tx, {
    companyId: v.companyId,
    clientId: v.clientId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + v.days * DAY_MS),
    createdBy: v.createdBy,
  });
  return { token, link, replaced };
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
