import type { TNotification } from '@fieldbook/core';
import type { NotificationRow } from './notifications.repo.js';

/** A notification as its recipient sees it. */
export function presentNotification(r: NotificationRow): TNotification {
  return {
    _id: r.id,
    kind: r.kind as TNotification['kind'],
    title: r.title,
    body: r.body,
    jobId: r.jobId,
    invoiceId: r.invoiceId ?? null,
    createdAt: r.createdAt.toISOString(),
    read: r.readAt !== null,
  };
}
