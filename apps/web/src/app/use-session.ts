import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from '../api/session-store';

/** The signed-in session ({ token, user }), or null; re-renders on sign-in and out. */
export function useSession(): Session | null {
  // The same when hydrating: a prerendered page is hydrated only signed out (main.tsx),
  // and at build no one is signed in (session-store.ts).
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The signed-in user; only for screens that are reached signed in. */
export function useCurrentUser() {
  const session = useSession();
  if (!session) throw new Error('This screen needs a signed-in user');
  return session.user;
}
