import type { GroupRights } from '@fieldbook/core';
import type { Tx } from '../db/client.js';
export interface SessionRow {
  userId: string;
  username: string;
  rank: string | null;
  active: boolean;
  lastUsedAt: Date;
  revokedAt: Date | null;
}
/** Sessions are looked up by token hash only: the token is what scopes them. */
export declare function findSession(db: Tx, tokenHash: string): Promise<SessionRow | null>;
export declare function touchSession(db: Tx, tokenHash: string, at: Date): Promise<void>;
export declare function insertSession(
  db: Tx,
  userId: string,
  tokenHash: string,
  clientId: string | null,
): Promise<void>;
export declare function revokeSession(db: Tx, tokenHash: string): Promise<void>;
export declare function revokeAllSessions(db: Tx, userId: string): Promise<void>;
export interface MemberRow {
  ownerId: string;
  disabled: boolean;
  rights: GroupRights | null;
}
/** The caller's membership of a company, or null when they are not a member. */
export declare function findMember(
  db: Tx,
  companyId: string,
  userId: string,
): Promise<MemberRow | null>;
