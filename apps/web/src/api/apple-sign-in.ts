import { apiRequest, apiUrl } from './api-client';

// Sign in with Apple by Apple's redirect flow: no script of Apple's in our
// pages (the CSP stays strict). The server sends the browser to Apple and,
// after Apple's form post, back to /login?ftoken=…&state=… (docs/architecture.md).

const KEY = 'fieldbook.appleState';

/** Whether the server offers Sign in with Apple (configured with a Services ID). */
export async function appleSignInEnabled(): Promise<boolean> {
  try {
    return (await apiRequest<{ enabled: boolean }>('GET', '/auth/apple', { anonymous: true }))
      .enabled;
  } catch {
    return false;
  }
}

/** Keep a fresh random state in this tab and go to Apple by way of the server. */
export function startAppleSignIn(): void {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const state = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  sessionStorage.setItem(KEY, state);
  window.location.assign(apiUrl(`/auth/apple/start?state=${state}`));
}

const checked = new Map<string, boolean>();

/**
 * Whether `state` is the one this tab kept when it went to Apple (kept once,
 * the answer remembered for a page that renders twice): a hand-off this
 * browser did not start (a link someone sent) signs no one in.
 */
export function takeAppleState(state: string): boolean {
  let ok = checked.get(state);
  if (ok === undefined) {
    const kept = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    ok = !!kept && kept === state;
    checked.set(state, ok);
  }
  return ok;
}

/** What /login?apple=… says when Apple's answer signed no one in. */
export const APPLE_OUTCOMES: Record<string, string> = {
  failed: 'Apple sign-in could not be verified',
  cancelled: 'Apple sign-in was cancelled.',
  noemail: 'Apple did not share an e-mail address',
};
export const APPLE_FOREIGN =
  'This Apple sign-in was not started in this browser; please try again.';
