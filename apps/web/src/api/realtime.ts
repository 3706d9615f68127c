import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { io } from 'socket.io-client';
import { useCurrentCompany } from '../app/company-context';
import { useSession } from '../app/use-session';
import { retryRefusedHandshake } from './socket-retry';
import { refreshChat, setChatConnected } from './use-chat';
import {
  chatKeys,
  dashboardKey,
  invoiceKeys,
  jobKeys,
  notificationKey,
  recurringKeys,
  taskKey,
} from './query-keys';

/** Pushes that arrive close together (a bulk send of hundreds) refetch once. */
const SETTLE_MS = 250;

/** What the server's pushes change: the invoices (lists, summary, detail), client balances and the dashboard. */
function refresher(qc: QueryClient, companyId: string) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    void qc.invalidateQueries({ queryKey: invoiceKeys.all(companyId) });
    void qc.invalidateQueries({ queryKey: invoiceKeys.clients(companyId) });
    // The dashboard's figures and the sidebar's badge (failed sends, payments).
    void qc.invalidateQueries({ queryKey: dashboardKey(companyId) });
  };
  return {
    soon() {
      timer ??= setTimeout(run, SETTLE_MS);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * Job pushes that arrive close together (a route planner's new order of
 * hundreds, a burst of saves) reload the lists once and each named job once.
 */
function jobRefresher(qc: QueryClient, companyId: string) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const ids = new Set<string>();
  const run = () => {
    timer = null;
    const list = [...ids];
    ids.clear();
    void qc.invalidateQueries({ queryKey: jobKeys.lists(companyId) });
    for (const id of list) {
      void qc.invalidateQueries({ queryKey: jobKeys.one(companyId, id) });
      void qc.invalidateQueries({ queryKey: jobKeys.comments(companyId, id) });
    }
  };
  return {
    /** `{ id }` for one job or `{ ids }` for many (the server's two shapes). */
    soon(msg: { id?: unknown; ids?: unknown } | undefined) {
      if (typeof msg?.id === 'string') ids.add(msg.id);
      if (Array.isArray(msg?.ids))
        for (const id of msg.ids) if (typeof id === 'string') ids.add(id);
      timer ??= setTimeout(run, SETTLE_MS);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

/**
 * The realtime channel (socket.io on the API's server): signs in with the
 * session, joins the current company's room, and refreshes the invoice
 * queries when the server says they changed (sends queued, sent or failed, a
 * payment arrived), a job and the job lists when `updateActiveJobs`
 * names it, and the types with every job and recurring query on `typesChanged`. One connection per session and company; mounted once by
 * the signed-in layout.
 */
export function useRealtime(): void {
  const session = useSession();
  const { companyId } = useCurrentCompany();
  const qc = useQueryClient();
  const username = session?.user.username;
  const token = session?.token;

  useEffect(() => {
    if (!username || !token || !companyId) return;
    // A WebSocket from the first packet: behind a proxy in front of several processes
    // (deploy/nginx.conf) no long-polling request has to find its way back to one process.
    const socket = io({ auth: { username, token }, transports: ['websocket'] });
    // A handshake refused while the server restarts is not retried by socket.io itself.
    const stopRetrying = retryRefusedHandshake(socket);
    const refresh = refresher(qc, companyId);
    const jobs = jobRefresher(qc, companyId);
    let joinedBefore = false;
    // (Re)join on every connect: a reconnect starts without rooms.
    socket.on('connect', () => {
      setChatConnected(true);
      socket.emit('joinCompany', companyId, () => {
        // The server answers with `yourRooms` (the chat rooms of this user here).
        socket.emit('subscribeRooms', companyId);
        // Pushes may have been missed while disconnected.
        if (joinedBefore) {
          refresh.soon();
          void qc.invalidateQueries({ queryKey: jobKeys.all(companyId) });
          void qc.invalidateQueries({ queryKey: chatKeys.all(companyId) });
          void qc.invalidateQueries({ queryKey: taskKey(companyId) });
          void qc.invalidateQueries({ queryKey: notificationKey(companyId) });
        }
        joinedBefore = true;
      });
    });
    socket.on('disconnect', () => setChatConnected(false));
    // A chat message in one of this user's rooms, or a room started with them.
    socket.on('chat message', (m: { roomId?: unknown } | undefined) =>
      refreshChat(qc, companyId, typeof m?.roomId === 'string' ? m.roomId : undefined),
    );
    socket.on('yourRooms', () => refreshChat(qc, companyId));
    socket.on('invoicesChanged', () => refresh.soon());
    // A task coupon given to this user, or stepped by its other person.
    socket.on('tasksChanged', () => void qc.invalidateQueries({ queryKey: taskKey(companyId) }));
    // A notification for this user (a job's status told its assignee).
    socket.on(
      'notification',
      () => void qc.invalidateQueries({ queryKey: notificationKey(companyId) }),
    );
    // This user marked notifications read in another tab: the list and the unread count follow.
    socket.on(
      'notificationsRead',
      () => void qc.invalidateQueries({ queryKey: notificationKey(companyId) }),
    );
    // Jobs changed (here or in another browser): those jobs, their comments and the lists reload.
    socket.on('updateActiveJobs', (msg: { id?: unknown; ids?: unknown } | undefined) =>
      jobs.soon(msg),
    );
    // Types saved or deleted in the designer (a delete moves jobs and recurring jobs to another
    // type): the types, every job query (board, calendar, open job modal) and recurring reload.
    socket.on('typesChanged', () => {
      void qc.invalidateQueries({ queryKey: jobKeys.all(companyId) });
      void qc.invalidateQueries({ queryKey: recurringKeys.all(companyId) });
    });
    return () => {
      stopRetrying();
      refresh.cancel();
      jobs.cancel();
      socket.disconnect();
      setChatConnected(false);
    };
  }, [username, token, companyId, qc]);
}
