import { z } from 'zod';
import type { Area } from '../access.js';
import { ZId } from './common.js';

/**
 * The kinds of notification a member can get (docs/notifications.md). Each
 * arrives in the app; whether its e-mail goes too is the member's choice.
 */
export const NOTIFICATION_KINDS = ['jobStatus', 'quoteAnswer'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What each kind is, as the profile names it. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  jobStatus: 'Job status notifications (a job assigned to you enters a status that notifies you)',
  quoteAnswer:
    'Quote answers (a client accepts, declines or asks for changes to a quote in the client portal)',
};

/** The rights area a member must read to see a kind (it names and opens a record of it). */
export const NOTIFICATION_KIND_AREA: Record<NotificationKind, Area> = {
  jobStatus: 'appointments',
  quoteAnswer: 'invoices',
};

/** The newest notifications kept per member and company; older ones are removed. */
export const NOTIFICATIONS_KEPT = 200;

export const ZNotification = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The job it opens, or null. */
  jobId: z.string().nullable(),
  /** The invoice or quote it opens, or null. */
  invoiceId: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** `GET /notifications?companyId=`: the caller's notifications there, newest first, and the unread count. */
export const ZNotificationsQuery = z.object({ companyId: ZId });
export const ZNotificationsAnswer = z.object({
  success: z.literal(true),
  notifications: z.array(ZNotification),
  unread: z.number().int(),
});
export type TNotificationsAnswer = z.infer<typeof ZNotificationsAnswer>;

/** `POST /notifications/read`: marks the caller's notifications read (`ids`, or all when absent). */
export const ZNotificationsRead = z.object({
  companyId: ZId,
  ids: z.array(ZId).min(1).max(NOTIFICATIONS_KEPT).optional(),
});
export type TNotificationsRead = z.infer<typeof ZNotificationsRead>;
export const ZNotificationsReadAnswer = z.object({
  success: z.literal(true),
  unread: z.number().int(),
});

/** `GET/POST /notifications/settings`: per kind, whether the e-mail goes too (default yes). */
export const ZNotificationSetting = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  label: z.string(),
  email: z.boolean(),
});
export const ZNotificationSettingsAnswer = z.object({
  success: z.literal(true),
  settings: z.array(ZNotificationSetting),
});
export type TNotificationSettingsAnswer = z.infer<typeof ZNotificationSettingsAnswer>;
export const ZNotificationSettingsSave = z.object({
  email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()),
});
export type TNotificationSettingsSave = z.infer<typeof ZNotificationSettingsSave>;
