import type { Tx } from '../../db/client.js';
import { errorLogs, users } from '../../db/schema/index.js';
export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = 'activate' | 'reset' | 'login';
export declare function findUserByUsername(db: Tx, username: string): Promise<UserRow | null>;
export declare function findUserById(db: Tx, id: string): Promise<UserRow | null>;
/** The oldest account with this e-mail address (addresses are not unique). */
export declare function findUserByEmail(db: Tx, email: string): Promise<UserRow | null>;
export declare function findUserByAppleSub(db: Tx, sub: string): Promise<UserRow | null>;
export declare function insertUser(db: Tx, values: typeof users.$inferInsert): Promise<UserRow>;
/** Insert unless the username is taken; null when it is. */
export declare function insertUserIfFree(
  db: Tx,
  values: typeof users.$inferInsert,
): Promise<UserRow | null>;
export declare function updateUser(
  db: Tx,
  id: string,
  patch: Partial<typeof users.$inferInsert>,
): Promise<UserRow | null>;
export declare function insertUserToken(
  db: Tx,
  v: {
    tokenHash: string;
    userId: string;
    purpose: TokenPurpose;
    expiresAt: Date;
  },
): Promise<void>;
/** Use a single-use token: answers its user id once, and never again. */
export declare function consumeUserToken(
  db: Tx,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<string | null>;
/** Peek at a token's owner without using it up. */
export declare function findLiveUserToken(
  db: Tx,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<string | null>;
/** Invalidate every unused token of a purpose for a user (after a reset, older reset links die). */
export declare function expireUserTokens(
  db: Tx,
  userId: string,
  purpose: TokenPurpose,
): Promise<void>;
export declare function insertErrorLog(db: Tx, v: typeof errorLogs.$inferInsert): Promise<void>;
