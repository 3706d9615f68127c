import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  notificationKindsFor,
  wantsNotificationEmail,
  type MemberAccess,
  type NotificationKind,
  type TNotificationSettingsAnswer,
  type TNotificationSettingsSave,
  type TNotificationsAnswer,
} from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../platform/deps.js';
import { isUuid } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { presentNotification } from './notifications.present.js';
import * as repo from './notifications.repo.js';

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/** Longest title and text kept (a status's body may be long; the e-mail carries it whole). */
const TITLE_MAX = 200;
const BODY_MAX = 2000;

/**
 * Adds a notification to a member's room in the caller's transaction (once
 * per `dedupeKey`); answers its id, or null when it was there already. The
 * caller emits `notificationsChanged` with the id after commit.
 */
export function recordNotification(
  tx: Tx,
  n: {
    companyId: string;
    userId: string;
    kind: NotificationKind;
    jobId: string | null;
    /** The quote or invoice it opens (a client's answer in the portal). */
    invoiceId?: string | null;
    title: string;
    body: string;
    dedupeKey: string;
  },
): Promise<string | null> {
  return repo.insertNotification(tx, {
    ...n,
    title: n.title.slice(0, TITLE_MAX),
    body: n.body.slice(0, BODY_MAX),
  });
}

/** Whether the user wants the e-mail of `kind` too (yes unless switched off in the profile). */
export async function wantsEmail(tx: Tx, userId: string, kind: NotificationKind) {
  return wantsNotificationEmail(await repo.emailChoices(tx, userId), kind);
}

/** A member's notification room and their e-mail choices (docs/notifications.md). */
export function createNotificationsService(deps: Pick<AppDeps, 'database' | 'events'>) {
  const db = deps.database.db;
  const settings = async (userId: string): Promise<TNotificationSettingsAnswer> => {
    const choices = await repo.emailChoices(db, userId);
    return {
      success: true,
      settings: NOTIFICATION_KINDS.map((kind) => ({
        kind,
        label: NOTIFICATION_KIND_LABELS[kind],
        email: wantsNotificationEmail(choices, kind),
      })),
    };
  };
  return {
    /** The caller's notifications in the company, of the kinds their rights show. */
    async list(
      companyId: string,
      userId: string,
      member: MemberAccess,
    ): Promise<TNotificationsAnswer> {
      const kinds = notificationKindsFor(member);
      const rows = await repo.listNotifications(db, companyId, userId, kinds);
      const unread = await repo.unreadCount(db, companyId, userId, kinds);
      return { success: true, notifications: rows.map(presentNotification), unread };
    },

    /** Marks `ids` (or all) read; an id that is not the caller's (here, of a kind shown) is a 404. */
    async read(companyId: string, userId: string, member: MemberAccess, ids: string[] | undefined) {
      const kinds = notificationKindsFor(member);
      let chosen: string[] | null = null;
      if (ids) {
        const wanted = [...new Set(ids.map((i) => i.toLowerCase()))];
        if (!wanted.every(isUuid)) throw notFound('Notification not found');
        chosen = await repo.ownedIds(db, companyId, userId, kinds, wanted);
        if (chosen.length !== wanted.length) throw notFound('Notification not found');
      }
      await repo.markRead(db, companyId, userId, kinds, chosen);
      // The user's other tabs follow (notifications.realtime.ts), on every process.
      deps.events.emit({ companyId, name: 'notificationsRead', ids: [userId] });
      return {
        success: true as const,
        unread: await repo.unreadCount(db, companyId, userId, kinds),
      };
    },

    settings,

    async saveSettings(userId: string, body: TNotificationSettingsSave) {
      for (const kind of NOTIFICATION_KINDS) {
        const email = body.email[kind];
        if (email !== undefined) await repo.saveEmailChoice(db, userId, kind, email);
      }
      return settings(userId);
    },
  };
}
