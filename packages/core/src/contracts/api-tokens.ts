import { z } from 'zod';
import { text } from './common.js';
import { ZRights } from './companies.js';

/**
 * API tokens (docs/api.md, DECISIONS §17): a user's token for one company,
 * with a subset of the user's rights, shown once and stored hashed.
 */

/** Every API token starts with this, so a leaked one is easy to find and refuse. */
export const API_TOKEN_PREFIX = 'fbk_';
/** Active tokens a user may hold in one company. */
export const MAX_API_TOKENS = 25;
/** The lifetimes offered, in days; null is no expiry. */
export const API_TOKEN_DAYS = [7, 30, 90, 365] as const;

/** `POST /companies/{cid}/api-tokens`. */
export const ZApiTokenCreate = z.object({
  name: text(60),
  /** Days until it stops working (1 to 366), or null for no expiry. */
  expiresInDays: z.number().int().min(1).max(366).nullable(),
  /** Per area, per flag: only rights the user holds may be on. */
  rights: ZRights,
});
export type TApiTokenCreate = z.infer<typeof ZApiTokenCreate>;

/** A token as its list shows it: never the token itself. */
export const ZApiToken = z.object({
  _id: z.string(),
  name: z.string(),
  /** The first characters of the token, to tell it apart (`fbk_Ab3d`). */
  prefix: z.string(),
  rights: ZRights,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** Whose token it is (the owner sees every member's). */
  userId: z.string(),
  userName: z.string(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

export const ZApiTokenList = z.object({ tokens: z.array(ZApiToken) });
export type TApiTokenList = z.infer<typeof ZApiTokenList>;

/** The answer to a create: the token, this once, and its entry. */
export const ZApiTokenCreated = z.object({ token: z.string(), apiToken: ZApiToken });
export type TApiTokenCreated = z.infer<typeof ZApiTokenCreated>;
