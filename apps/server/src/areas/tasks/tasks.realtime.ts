import type { Server } from 'socket.io';
import type { AppDeps } from '../../platform/deps.js';
import type { CompanyEvent } from '../../platform/events.js';
import { companyRoom } from '../../platform/realtime.js';
import * as repo from './tasks.repo.js';

type Deps = Pick<AppDeps, 'database' | 'events'>;

/**
 * Delivers a coupon change (from this process or another, through the events
 * bridge) to this process's sockets of its giver and holder in the company's
 * room: `tasksChanged` with the coupon's id, and the browser reads its coupons
 * again. Nobody else hears of it. A member disabled or removed has already
 * left the company's room (platform/realtime.ts), so gets nothing.
 */
async function deliver(io: Server, deps: Deps, e: CompanyEvent): Promise<void> {
  const sockets = await io.in(companyRoom(e.companyId)).fetchSockets();
  if (sockets.length === 0) return;
  for (const id of e.ids) {
    const row = await repo.getCoupon(deps.database.db, e.companyId, id);
    if (!row) continue;
    const people = new Set([row.coupon.giverId, row.coupon.holderId]);
    for (const s of sockets)
      if (people.has(s.data.userId as string)) s.emit('tasksChanged', { ids: [id] });
  }
}

/** Task coupons on the realtime server: `tasksChanged` to the coupon's two people. */
export function attachTasksRealtime(io: Server, deps: Deps): () => void {
  return deps.events.on((e) => {
    if (e.name !== 'tasksChanged') return;
    deliver(io, deps, e).catch((err: Error) =>
      console.error(`tasks: could not push (${err.message})`),
    );
  });
}
