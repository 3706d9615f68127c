// The notifications area's face: what the composition root and the jobs area may use.
export { notificationsRoutes } from './notifications.routes.js';
export {
  createNotificationsService,
  recordNotification,
  wantsEmail,
  type NotificationsService,
} from './notifications.service.js';
export { attachNotificationsRealtime } from './notifications.realtime.js';
