import { z } from 'zod';
import { ZEmail, text } from './common.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const ZPassword = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const ZUsername = z
  .string()
  .trim()
  .toLowerCase()
  .min(3, 'must be at least 3 characters')
  .max(64, 'must be at most 64 characters')
  .regex(/^[a-z0-9._@+-]+$/, 'may hold letters, digits and . _ @ + - only');

export const ZRegister = z.object({
  username: ZUsername,
  password: ZPassword,
  email: ZEmail,
  name: text(100),
  surname: text(100),
});
export type TRegister = z.infer<typeof ZRegister>;

export const ZActivate = z.object({ token: z.string().min(1).max(200) });

const clientId = z.string().max(50).optional();

/** The five shapes that `POST /auth/login` accepts (DECISIONS §2). */
export const ZLoginPassword = z.object({
  username: z.string().trim().toLowerCase().min(1, 'is required').max(64),
  password: z.string().min(1, 'is required').max(PASSWORD_MAX),
  clientId,
});
export const ZResetRequest = z.object({
  username: z.string().trim().toLowerCase().min(1, 'is required').max(64),
  isReset: z.literal(true),
  clientId,
});
export const ZResetConfirm = z.object({
  username: z.string().trim().toLowerCase().min(1, 'is required').max(64),
  password: ZPassword,
  confirmPassword: z.string().max(PASSWORD_MAX),
  token: z.string().trim().min(1, 'is required').max(200),
  isReset: z.literal(true),
  clientId,
});
export const ZTokenLogin = z.object({
  ftoken: z.string().min(1).max(200),
  /** The Sign in with Apple hand-off: the state the page started with (its token is bound to it). */
  state: z.string().min(1).max(200).optional(),
  clientId,
});
export const ZAppleLogin = z.object({
  appleToken: z.string().min(1).max(10_000),
  appleEmail: z.string().max(320).optional(),
  clientId,
});

/** The user as the API shows it to the user themself. */
export const ZUser = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  emailAddress: z.string(),
  /** A new address waiting for its confirmation link; `email` stays until it is used. */
  pendingEmail: z.string().nullable(),
  rank: z.string().nullable(),
  profilePicture: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZLoginResult = z.object({ token: z.string(), user: ZUser });
export type TLoginResult = z.infer<typeof ZLoginResult>;

export const ZProfileSave = z.object({
  name: text(100),
  surname: text(100),
  email: ZEmail,
});
export type TProfileSave = z.infer<typeof ZProfileSave>;

/** `POST /auth/confirm-email`: the link sent to a new address. */
export const ZConfirmEmail = z.object({ token: z.string().trim().min(1, 'is required').max(200) });

/** An invitation link's token (`/invite?token=...`). */
export const ZInvitationToken = z.object({
  token: z.string().trim().min(1, 'is required').max(200),
});

/** What an invitation link shows before it is used. */
export const ZInvitation = z.object({
  companyName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
});
export type TInvitation = z.infer<typeof ZInvitation>;

/** Accepting an invitation: the company joined. */
export const ZInvitationAccepted = z.object({ companyId: z.string(), companyName: z.string() });
export type TInvitationAccepted = z.infer<typeof ZInvitationAccepted>;

/** Creating an account on an invitation's page (its address is the invitation's). */
export const ZInvitationRegister = z.object({
  token: z.string().trim().min(1, 'is required').max(200),
  username: ZUsername,
  password: ZPassword,
  name: text(100),
  surname: text(100),
  clientId,
});
export type TInvitationRegister = z.infer<typeof ZInvitationRegister>;

/** `POST /error`: an error seen in the browser. */
export const ZErrorLog = z.object({
  message: z.string().max(2000),
  stack: z.string().max(10_000).optional(),
  url: z.string().max(2000).optional(),
  info: z.unknown().optional(),
});
