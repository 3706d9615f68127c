import { type TLoginResult, type TProfileSave, type TRegister, type TUser } from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
export type AuthService = ReturnType<typeof createAuthService>;
export declare function createAuthService(deps: AppDeps): {
  register(b: TRegister): Promise<{
    message: string;
  }>;
  activate(token: string): Promise<{
    message: string;
  }>;
  /** `POST /auth/login` in its five shapes (DECISIONS §2). */
  login(body: Record<string, unknown>): Promise<
    | TLoginResult
    | {
        message: string;
      }
  >;
  logout(tokenHash: string): Promise<{
    message: string;
  }>;
  profile(userId: string): Promise<TUser>;
  saveProfile(userId: string, b: TProfileSave): Promise<TUser>;
  /** Keep an error reported by a browser. */
  logError(
    b: {
      message: string;
      stack?: string;
      url?: string;
      info?: unknown;
    },
    userId: string | null,
    ip: string,
  ): Promise<void>;
  /** A single-use sign-in link, as invitations send it. */
  loginLink(userId: string): Promise<string>;
  createUser(b: {
    username: string;
    password: string;
    email: string;
    name?: string;
    surname?: string;
    rank?: string | null;
  }): Promise<{
    id: string;
    name: string;
    username: string;
    email: string;
    surname: string;
    passwordHash: string | null;
    rank: string | null;
    active: boolean;
    appleSub: string | null;
    profilePicture: string | null;
    createdAt: Date;
  }>;
};
