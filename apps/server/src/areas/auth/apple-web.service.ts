import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { newToken, sha256 } from '../../platform/crypto.js';
import type { AppDeps } from '../../platform/deps.js';
import { appleHandoffHash, appleUser, verifyAppleToken } from './apple.js';
import * as repo from './auth.repo.js';

/** How long the one-time sign-in token of the hand-off to the app lives. */
const HANDOFF_MS = 2 * 60_000;

/** The browser's random state: 32 to 128 URL-safe characters. */
export const ZAppleState = z
  .string()
  .regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be 32 to 128 URL-safe characters');

/** What Apple posts to the callback (response_mode form_post). */
const ZAppleCallback = z.object({
  state: ZAppleState,
  id_token: z.string().max(8192).optional(),
  error: z.string().max(200).optional(),
  /** Only on the first sign-in: JSON with the name and e-mail the user shared. */
  user: z.string().max(4096).optional(),
});

/** The address in Apple's `user` field, when it holds one. */
function sharedEmail(user: string | undefined): string | null {
  if (!user) return null;
  try {
    const email = (JSON.parse(user) as { email?: unknown }).email;
    return typeof email === 'string' && z.email().safeParse(email).success ? email : null;
  } catch {
    return null;
  }
}

/**
 * Sign in with Apple in the browser (operations spec §4), by Apple's redirect
 * flow with no script of Apple's in our pages: `start` sends the browser to
 * Apple with the page's random state (the nonce is its hash); Apple posts
 * the identity token back to `callback`, which verifies it (issuer, the
 * Services ID as audience, the nonce of this state), finds or makes the
 * account as the app's Apple sign-in does, and hands the browser to
 * `/login?ftoken=…&state=…` with a one-time token of two minutes; the page
 * uses it only when the state is the one it kept (a sign-in it started).
 */
export function createAppleWebService(deps: Pick<AppDeps, 'config' | 'database'>) {
  const db: Tx = deps.database.db;
  const { config } = deps;
  const redirectUri = () => `${config.publicUrl}/api/auth/apple/callback`;
  return {
    enabled: () => !!config.appleWebClientId,

    /** Apple's authorisation address for this state, or null when not configured. */
    authorizeUrl(state: string): string | null {
      if (!config.appleWebClientId) return null;
      const u = new URL(config.appleAuthUrl);
      u.search = new URLSearchParams({
        client_id: config.appleWebClientId,
        redirect_uri: redirectUri(),
        response_type: 'code id_token',
        scope: 'name email',
        response_mode: 'form_post',
        state,
        nonce: sha256(state),
      }).toString();
      return u.toString();
    },

    /** Where the browser goes after Apple's post: the app's sign-in page, signed in or told why not. */
    async callback(body: unknown): Promise<string> {
      const parsed = ZAppleCallback.safeParse(body);
      if (!parsed.success || !config.appleWebClientId) return '/login?apple=failed';
      const { state, id_token: idToken, error, user } = parsed.data;
      if (error || !idToken) return '/login?apple=cancelled';
      const claims = await verifyAppleToken(idToken, config, {
        audience: config.appleWebClientId,
        nonce: sha256(state),
      });
      if (!claims) return '/login?apple=failed';
      let account: repo.UserRow;
      try {
        account = await appleUser(db, claims, sharedEmail(user));
      } catch {
        return '/login?apple=noemail';
      }
      const t = newToken();
      await repo.insertUserToken(db, {
        tokenHash: appleHandoffHash(t.token, state),
        userId: account.id,
        purpose: 'login',
        expiresAt: new Date(Date.now() + HANDOFF_MS),
      });
      return `/login?${new URLSearchParams({ ftoken: t.token, state }).toString()}`;
    },
  };
}

export type AppleWebService = ReturnType<typeof createAppleWebService>;
