import { z } from 'zod';
import {
  ZActivate,
  ZErrorLog,
  ZLoginResult,
  ZMessage,
  ZProfileSave,
  ZRegister,
  ZUser,
} from '@fieldbook/core';
import type { App } from '../../app.js';
import { access } from '../../platform/access.js';
import { HttpError } from '../../platform/errors.js';
import { KeyedLimiter } from '../../platform/rate-limit.js';
import type { AuthService } from './auth.service.js';

const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export function authRoutes(app: App, auth: AuthService): void {
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
      response: { 200: z.union([ZLoginResult, ZMessage]) },
    },
    handler: (req) => auth.login(req.body),
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
    schema: { tags: ['platform'], body: ZErrorLog, response: { 200: ZMessage } },
    handler: async (req) => {
      // Errors answer { error } like every other (DECISIONS §1).
      if (!errorsByIp.hit(req.ip)) throw new HttpError(429, 'Too many error reports');
      await auth.logError(req.body, req.user?.id ?? null, req.ip);
      return { message: 'Logged' };
    },
  });
}
