import { z } from 'zod';
import {
  ZActivate,
  ZConfirmEmail,
  ZInvitation,
  ZInvitationAccepted,
  ZInvitationRegister,
  ZInvitationToken,
  ZErrorLog,
  ZLoginResult,
  ZMessage,
  ZProfileSave,
  ZRegister,
  ZSecondFactorLogin,
  ZSecondFactorNeeded,
  ZUser,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import { HttpError } from '../../platform/errors.js';
import { KeyedLimiter } from '../../platform/rate-limit.js';
import type { AuthService } from './auth.service.js';

const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const errorsByIp = new KeyedLimiter(30, 60_000);

  app.post('/api/auth/register', {
    config: { access: access.public, ...perIp(10) },
    schema: { tags: ['auth'], body: ZRegister, response: { 200: ZMessage } },
    handler: (req) => auth.register(req.body),
  });

  app.post('/api/auth/activate', {
    config: { access: access.public, ...perIp(30) },
    schema: { tags: ['auth'], body: ZActivate, response: { 200: ZMessage } },
    handler: (req) => auth.activate(req.body.token),
  });

  app.post('/api/auth/login', {
    config: { access: access.public, ...perIp(30) },
    schema: {
      tags: ['auth'],
      description:
        'Password sign-in, reset request ({username,isReset}), reset confirm ({username,password,confirmPassword,token,isReset}), token sign-in ({ftoken}) or Apple sign-in ({appleToken,appleEmail}).',
      body: z.looseObject({}),
      response: { 200: z.union([ZLoginResult, ZSecondFactorNeeded, ZMessage]) },
    },
    handler: (req) => auth.login(req.body, req.ip),
  });

  app.post('/api/auth/second-factor', {
    config: { access: access.public, ...perIp(30) },
    schema: {
      tags: ['auth'],
      description:
        "The second step of a sign-in whose account has two-factor sign-in: the login's challenge and a code from the authenticator app, or a backup code (each works once).",
      body: ZSecondFactorLogin,
      response: { 200: ZLoginResult },
    },
    handler: (req) => auth.secondFactor(req.body, req.ip),
  });

  app.post('/api/auth/confirm-email', {
    config: { access: access.public, ...perIp(30) },
    schema: {
      tags: ['auth'],
      description: 'The link sent to a new profile address: the address becomes the account’s.',
      body: ZConfirmEmail,
      response: { 200: ZMessage },
    },
    handler: (req) => auth.confirmEmail(req.body.token),
  });

  app.post('/api/auth/invitation', {
    config: { access: access.public, ...perIp(30) },
    schema: {
      tags: ['auth'],
      description: 'What an invitation link shows before it is used.',
      body: ZInvitationToken,
      response: { 200: ZInvitation },
    },
    handler: (req) => auth.showInvitation(req.body.token),
  });

  app.post('/api/auth/invitation/accept', {
    config: { access: access.user, ...perIp(30) },
    schema: {
      tags: ['auth'],
      description: 'The signed-in user who opened an invitation link joins its company.',
      body: ZInvitationToken,
      response: { 200: ZInvitationAccepted },
    },
    handler: (req) => auth.acceptInvitation(req.body.token, req.user!.id),
  });

  app.post('/api/auth/invitation/register', {
    config: { access: access.public, ...perIp(10) },
    schema: {
      tags: ['auth'],
      description:
        'A new account made on an invitation link’s page, with the invitation’s address; it joins the company and is signed in.',
      body: ZInvitationRegister,
      response: { 200: ZLoginResult.extend(ZInvitationAccepted.shape) },
    },
    handler: (req) => auth.registerByInvitation(req.body),
  });

  app.post('/api/auth/logout', {
    config: { access: access.user },
    schema: { tags: ['auth'], response: { 200: ZMessage } },
    handler: (req) => auth.logout(req.user!.tokenHash),
  });

  app.get('/api/people/profile', {
    config: { access: access.user },
    schema: { tags: ['profile'], response: { 200: ZUser } },
    handler: (req) => auth.profile(req.user!.id),
  });

  app.post('/api/people/profile', {
    config: { access: access.user },
    schema: { tags: ['profile'], body: ZProfileSave, response: { 200: ZUser } },
    handler: (req) => auth.saveProfile(req.user!.id, req.body),
  });

  app.post('/api/error', {
    config: { access: access.public },
    // Public: a report is small (its depth is capped for every route by the input guard).
    bodyLimit: 64 * 1024,
    schema: { tags: ['platform'], body: ZErrorLog, response: { 200: ZMessage } },
    handler: async (req) => {
      // Errors answer { error } like every other (DECISIONS §1).
      if (!errorsByIp.hit(req.ip)) throw new HttpError(429, 'Too many error reports');
      await auth.logError(req.body, req.user?.id ?? null, req.ip);
      return { message: 'Logged' };
    },
  });
};
