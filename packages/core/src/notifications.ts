import { can, type MemberAccess } from './access.js';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_AREA,
  type NotificationKind,
} from './contracts/notifications.js';

/** The kinds of notification a member sees: those of the areas their rights let them read. */
export function notificationKindsFor(member: MemberAccess | null | undefined): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((k) => can(member, NOTIFICATION_KIND_AREA[k], 'r'));
}

/** Whether the e-mail of a kind goes too: yes unless the member switched it off. */
export function wantsNotificationEmail(
  choices: Partial<Record<NotificationKind, boolean>>,
  kind: NotificationKind,
): boolean {
  return choices[kind] !== false;
}
