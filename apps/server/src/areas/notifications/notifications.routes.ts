import {
  ZNotificationSettingsAnswer,
  ZNotificationSettingsSave,
  ZNotificationsAnswer,
  ZNotificationsQuery,
  ZNotificationsRead,
  ZNotificationsReadAnswer,
} from '@fieldbook/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access.js';
import type { NotificationsService } from './notifications.service.js';

/** The notification room (the company in the call) and the profile's e-mail choices. */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationsService;
}> = async (app, { notifications }) => {
  app.get('/api/notifications', {
    config: { access: access.member('query.companyId') },
    schema: {
      tags: ['notifications'],
      querystring: ZNotificationsQuery,
      response: { 200: ZNotificationsAnswer },
    },
    handler: (req) => notifications.list(req.company!.id, req.user!.id, req.company!.member),
  });

  app.post('/api/notifications/read', {
    config: { access: access.member('body.companyId') },
    schema: {
      tags: ['notifications'],
      body: ZNotificationsRead,
      response: { 200: ZNotificationsReadAnswer },
    },
    handler: (req) =>
      notifications.read(req.company!.id, req.user!.id, req.company!.member, req.body.ids),
  });

  app.get('/api/notifications/settings', {
    config: { access: access.user },
    schema: { tags: ['notifications'], response: { 200: ZNotificationSettingsAnswer } },
    handler: (req) => notifications.settings(req.user!.id),
  });

  app.post('/api/notifications/settings', {
    config: { access: access.user },
    schema: {
      tags: ['notifications'],
      body: ZNotificationSettingsSave,
      response: { 200: ZNotificationSettingsAnswer },
    },
    handler: (req) => notifications.saveSettings(req.user!.id, req.body),
  });
};
