/** The signed-in user a request carries (sessions, platform/auth.ts). */
export interface SessionUser {
  id: string;
  username: string;
  rank: string | null;
  tokenHash: string;
}
