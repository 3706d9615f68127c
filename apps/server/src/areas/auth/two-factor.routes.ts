import {
  ZBackupCodes,
  ZMessage,
  ZTwoFactorConfirm,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, isUuid } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import type { TwoFactorService } from './two-factor.service.js';

const tags = ['profile'];
/** Password and code checks: a few a minute per address (the sign-in limits count codes too). */
const guarded = { access: access.user, rateLimit: { max: 10, timeWindow: '1 minute' } };

/** The signed-in user's two-factor sign-in (docs/auth.md "Two-factor sign-in"). */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ twoFactor: TwoFactorService }> = async (
  app,
  { twoFactor },
) => {
  app.get('/api/people/two-factor', {
    config: { access: access.user },
    schema: { tags, response: { 200: ZTwoFactorStatus } },
    handler: (req) => twoFactor.status(req.user!.id),
  });

  app.post('/api/people/two-factor/setup', {
    config: guarded,
    schema: {
      tags,
      description:
        'A new secret and its QR code; nothing changes until a code from it turns it on.',
      response: { 200: ZTwoFactorSetup },
    },
    handler: (req) => twoFactor.setup(req.user!.id),
  });

  app.post('/api/people/two-factor/enable', {
    config: guarded,
    schema: {
      tags,
      description:
        'Turns it on with the password and a code from the new secret; answers ten backup codes, shown this once.',
      body: ZTwoFactorConfirm,
      response: { 200: ZBackupCodes },
    },
    handler: (req) => twoFactor.enable(req.user!.id, req.body, req.ip),
  });

  app.post('/api/people/two-factor/disable', {
    config: guarded,
    schema: {
      tags,
      description: 'Turns it off with the password and a current code or a backup code.',
      body: ZTwoFactorConfirm,
      response: { 200: ZMessage },
    },
    handler: (req) => twoFactor.disable(req.user!.id, req.body, req.ip),
  });

  app.post('/api/admin/users/:id/two-factor/reset', {
    config: { access: access.super },
    schema: {
      tags: ['admin'],
      description:
        "A super turns a user's two-factor sign-in off (a lost phone and backup codes); the user sees the entry.",
      params: z.object({ id: z.string() }),
      response: { 200: ZMessage },
    },
    handler: (req) => {
      if (!isUuid(req.params.id)) throw notFound('User not found');
      return twoFactor.reset(req.params.id.toLowerCase(), req.user!.id, req.ip);
    },
  });

  app.post('/api/people/two-factor/backup-codes', {
    config: guarded,
    schema: {
      tags,
      description:
        'Ten new backup codes (the old ones stop working), with the password and a current code.',
      body: ZTwoFactorConfirm,
      response: { 200: ZBackupCodes },
    },
    handler: (req) => twoFactor.newBackupCodes(req.user!.id, req.body, req.ip),
  });
};
