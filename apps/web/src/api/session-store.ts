import { SESSION_STORAGE_KEY, type TUser } from '@fieldbook/core';

/** The signed-in session, kept in localStorage so a reload stays signed in. */
export interface Session {
  token: string;
  user: TUser;
}

// One name with the prerendered pages' signed-in hint (core's prerender.ts).
const SESSION_KEY = SESSION_STORAGE_KEY;
const COMPANY_KEY = 'fieldbook.companyId';

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Session>;
    return parsed.token && parsed.user ? (parsed as Session) : null;
  } catch {
    return null;
  }
}

let current: Session | null = read();
let endedByLogout = false;

/** Whether the session last ended by Log out (not by the server's 401). */
export const loggedOut = () => endedByLogout;

/** The current session, or null when signed out. */
export function getSession(): Session | null {
  return current;
}

/** Replace the session (null signs out) and tell every subscriber. */
export function setSession(next: Session | null, why?: 'logout'): void {
  endedByLogout = !next && why === 'logout';
  current = next;
  if (next) localStorage.setItem(SESSION_KEY, JSON.stringify(next));
  else localStorage.removeItem(SESSION_KEY);
  listeners.forEach((l) => l());
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Not in a browser: the public pages rendered at build (prerender.tsx) see no one signed in. */
const inBrowser = typeof window !== 'undefined';

// Another tab signing in or out changes this tab too.
if (inBrowser)
  window.addEventListener('storage', (e) => {
    if (e.key === SESSION_KEY) current = read();
    else if (e.key === COMPANY_KEY) companyId = e.newValue;
    else return;
    listeners.forEach((l) => l());
  });

let companyId: string | null = inBrowser ? localStorage.getItem(COMPANY_KEY) : null;

/** The id of the company the user works in, kept across reloads. */
export function getStoredCompanyId(): string | null {
  return companyId;
}

/** Select a company (null: none); subscribers of the session hear it too. */
export function storeCompanyId(id: string | null): void {
  if (id === companyId) return;
  companyId = id;
  if (id) localStorage.setItem(COMPANY_KEY, id);
  else localStorage.removeItem(COMPANY_KEY);
  listeners.forEach((l) => l());
}
