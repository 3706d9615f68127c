import type { TUser } from '@fieldbook/core';
import type { UserRow } from './auth.repo.js';
export declare const imagePath: (fileId: string | null) => string | null;
/** The user as the user themself sees it: never the hash, never the Apple id. */
export declare function presentUser(u: UserRow): TUser;
