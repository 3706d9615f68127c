import type { Server } from 'socket.io';
import { NOTIFICATION_KINDS, notificationKindsFor, type NotificationKind } from '@fieldbook/core';
import { loadMember } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import type { CompanyEvent } from '../../platform/events.js';
import { companyRoom } from '../../platform/realtime.js';
import * as repo from './notifications.repo.js';

type Deps = Pick<AppDeps, 'database' | 'caches' | 'events'>;

const isKind = (k: string): k is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(k);

/**
 * Delivers a new notification (from this process or another, through the
 * events bridge) to this process's sockets of its recipient in the company's
 * room, while their rights show its kind: `notification` `{ _id }`, and the
 * browser reads its notifications again. Nobody else hears of it.
 */
async function deliver(io: Server, deps: Deps, e: CompanyEvent): Promise<void> {
  const sockets = await io.in(companyRoom(e.companyId)).fetchSockets();
  if (sockets.length === 0) return;
  for (const id of e.ids) {
    const row = await repo.findNotification(deps.database.db, e.companyId, id);
    if (!row || !isKind(row.kind)) continue;
    const kind = row.kind;
    const theirs = sockets.filter((s) => s.data.userId === row.userId);
    if (theirs.length === 0) continue;
    const member = await loadMember(deps, e.companyId, row.userId);
    if (!notificationKindsFor(member).includes(kind)) continue;
    for (const s of theirs) s.emit('notification', { _id: id });
  }
}

/**
 * Notifications marked read (ids: the member's user id): `notificationsRead`
 * to that user's sockets in the company's room (their other tabs update the
 * list and the unread count). Nobody else hears of it.
 */
async function deliverRead(io: Server, e: CompanyEvent): Promise<void> {
  const sockets = await io.in(companyRoom(e.companyId)).fetchSockets();
  for (const s of sockets)
    if (e.ids.includes(s.data.userId as string)) s.emit('notificationsRead', {});
}

/** The notification room on the realtime server: `notification` to its recipient only. */
export function attachNotificationsRealtime(io: Server, deps: Deps): () => void {
  return deps.events.on((e) => {
    if (e.name !== 'notificationsChanged' && e.name !== 'notificationsRead') return;
    (e.name === 'notificationsRead' ? deliverRead(io, e) : deliver(io, deps, e)).catch(
      (err: Error) => console.error(`notifications: could not push (${err.message})`),
    );
  });
}
