import {
  ZLoginResult,
  ZMessage,
  ZPasskey,
  ZPasskeyAdd,
  ZPasskeyChallenge,
  ZPasskeyList,
  ZPasskeyLogin,
  ZPasskeyOptions,
  ZPasskeyRemove,
  ZPasskeyRename,
  ZPasskeyStart,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, isUuid } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import type { AuthService } from './auth.service.js';

const tags = ['profile'];
/** Password checks: a few a minute per address, as two-factor sign-in's. */
const guarded = { access: access.user, rateLimit: { max: 10, timeWindow: '1 minute' } };
const perIp = (max: number) => ({
  access: access.public,
  rateLimit: { max, timeWindow: '1 minute' },
});
const params = z.object({ id: z.string() });
const idOf = (id: string) => {
  if (!isUuid(id)) throw notFound('Passkey not found');
  return id.toLowerCase();
};

/** Passkeys (docs/auth.md "Passkeys"): the signed-in user's, and the sign-ins with one. */
export const passkeysRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (
  app,
  { auth },
) => {
  const { passkeys } = auth;

  app.get('/api/people/passkeys', {
    config: { access: access.user },
    schema: { tags, response: { 200: ZPasskeyList } },
    handler: (req) => passkeys.list(req.user!.id),
  });

  app.post('/api/people/passkeys/options', {
    config: guarded,
    schema: {
      tags,
      description:
        'With the password (and, when the account has a second factor, a current code or a backup code, or a passkey assertion from confirm-options): the options for navigator.credentials.create(), over a single-use challenge of five minutes.',
      body: ZPasskeyStart,
      response: { 200: ZPasskeyOptions },
    },
    handler: (req) => passkeys.startRegistration(req.user!.id, req.body, req.ip),
  });

  app.post('/api/people/passkeys/confirm-options', {
    config: guarded,
    schema: {
      tags,
      description:
        'Options for navigator.credentials.get() over your passkeys, to confirm adding or removing one with a passkey (a single-use challenge of five minutes).',
      response: { 200: ZPasskeyOptions },
    },
    handler: (req) => passkeys.confirmOptions(req.user!.id),
  });

  app.post('/api/people/passkeys', {
    config: guarded,
    schema: {
      tags,
      description: "Adds the passkey: its name and the browser's answer to the options' challenge.",
      body: ZPasskeyAdd,
      response: { 200: ZPasskey },
    },
    handler: (req) => passkeys.finishRegistration(req.user!.id, req.body, req.ip),
  });

  app.post('/api/people/passkeys/:id', {
    config: { access: access.user },
    schema: {
      tags,
      description: 'Renames one of your passkeys.',
      params,
      body: ZPasskeyRename,
      response: { 200: ZPasskey },
    },
    handler: (req) => passkeys.rename(req.user!.id, idOf(req.params.id), req.body.name),
  });

  app.post('/api/people/passkeys/:id/remove', {
    config: guarded,
    schema: {
      tags,
      description:
        'Removes one of your passkeys, with the password and a second factor (a code, a backup code, or a passkey assertion from confirm-options).',
      params,
      body: ZPasskeyRemove,
      response: { 200: ZMessage },
    },
    handler: (req) => passkeys.remove(req.user!.id, idOf(req.params.id), req.body, req.ip),
  });

  app.post('/api/auth/passkey/options', {
    config: perIp(30),
    schema: {
      tags: ['auth'],
      description:
        'Passwordless sign-in: options for navigator.credentials.get() for any passkey of this site (no username asked), over a single-use challenge of five minutes.',
      response: { 200: ZPasskeyOptions },
    },
    handler: () => passkeys.passwordlessOptions(),
  });

  app.post('/api/auth/passkey', {
    config: perIp(30),
    schema: {
      tags: ['auth'],
      description:
        'Passwordless sign-in: the assertion of a passkey that verified its user; answers the session.',
      body: ZPasskeyLogin,
      response: { 200: ZLoginResult },
    },
    handler: (req) => auth.passkeyLogin(req.body, req.ip),
  });

  app.post('/api/auth/second-factor/passkey-options', {
    config: perIp(30),
    schema: {
      tags: ['auth'],
      description:
        "The second step with a passkey: options for navigator.credentials.get() with the account's passkeys, for the login's challenge.",
      body: ZPasskeyChallenge,
      response: { 200: ZPasskeyOptions },
    },
    handler: (req) => auth.secondFactorPasskeyOptions(req.body.challenge),
  });
};
