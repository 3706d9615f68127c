import type { TUser } from '@fieldbook/core';
import type { UserRow } from './auth.repo.js';

export const imagePath = (fileId: string | null) => (fileId ? `/images/${fileId}` : null);

/** The user as the user themself sees it: never the hash, never the Apple id. */
export function presentUser(u: UserRow, pendingEmail: string | null = null): TUser {
  return {
    _id: u.id,
    username: u.username,
    name: u.name,
    surname: u.surname,
    email: u.email,
    emailAddress: u.email,
    pendingEmail,
    rank: u.rank,
    profilePicture: imagePath(u.profilePicture),
  };
}
