import { EventEmitter } from 'node:events';

/** What changed, for the company's connected browsers (socket.io forwards it). */
export interface CompanyEvent {
  companyId: string;
  /**
   * `invoicesChanged`: sends queued, sent or failed, or a payment arrived.
   * `updateActiveJobs`: jobs saved, deleted, reordered, commented, given an
   * image or moved by an automation (browsers get one `{ id }` per job, only
   * with appointments r).
   * `chatMessage`: a message posted (ids: the message); `chatRooms`: a room
   * started (ids: the room). The chat area pushes them to the room's members.
   * `tasksChanged`: a task coupon given or stepped (ids: the coupon); the
   * tasks area pushes it to the coupon's giver and holder.
   * `notificationsChanged`: a notification added (ids: the notification); the
   * notifications area pushes it to its recipient.
   * `notificationsRead`: a member marked notifications read (ids: the
   * member's user id); the notifications area pushes it to that user's
   * other tabs in the company only.
   * `typesChanged`: appointment types saved or deleted (ids: the types; a
   * delete names the type its jobs and recurring jobs moved to too), pushed
   * to members who may read types (appointments r, settings r or u).
   */
  name:
    | 'invoicesChanged'
    | 'updateActiveJobs'
    | 'chatMessage'
    | 'chatRooms'
    | 'tasksChanged'
    | 'notificationsChanged'
    | 'notificationsRead'
    | 'typesChanged';
  ids: string[];
}

/**
 * A revocation or a change of rights: every process drops what it cached
 * about it and its sockets follow (DECISIONS §2, docs/architecture.md).
 */
export type AccessEvent =
  /** One session ended (logout). */
  | { kind: 'session'; tokenHash: string }
  /** Every session of a user ended (password reset). */
  | { kind: 'user'; userId: string }
  /** A user's second factor went on or off: what companies that ask for one let them do. */
  | { kind: 'factors'; userId: string }
  /** Memberships or rights in a company changed (for one user, or for all of its members). */
  | { kind: 'company'; companyId: string; userId?: string }
  /** Anything may have changed (the bridge was away and may have missed notices). */
  | { kind: 'all' };

/** What travels between processes. */
export type BusMessage = { e: CompanyEvent } | { a: AccessEvent };

/** Events from services and workers to the realtime layer and the caches. */
export interface AppEvents {
  /** Deliver here and, when a bridge is set, to the other server processes. */
  emit(e: CompanyEvent): void;
  /** Deliver to this process's listeners only (what a bridge calls on receipt). */
  deliver(e: CompanyEvent): void;
  on(listener: (e: CompanyEvent) => void): () => void;
  /** A revocation or rights change: here and on every other process. */
  emitAccess(e: AccessEvent): void;
  deliverAccess(e: AccessEvent): void;
  onAccess(listener: (e: AccessEvent) => void): () => void;
  /** Where emitted events also go (the PostgreSQL bridge); null for none. */
  setPublisher(publish: ((m: BusMessage) => void) | null): void;
}

export function createEvents(): AppEvents {
  const bus = new EventEmitter();
  bus.setMaxListeners(100);
  let publisher: ((m: BusMessage) => void) | null = null;
  const deliver = (e: CompanyEvent) => void bus.emit('company', e);
  const deliverAccess = (e: AccessEvent) => void bus.emit('access', e);
  return {
    emit(e) {
      deliver(e);
      publisher?.({ e });
    },
    deliver,
    on(listener) {
      bus.on('company', listener);
      return () => void bus.off('company', listener);
    },
    emitAccess(e) {
      deliverAccess(e);
      publisher?.({ a: e });
    },
    deliverAccess,
    onAccess(listener) {
      bus.on('access', listener);
      return () => void bus.off('access', listener);
    },
    setPublisher(p) {
      publisher = p;
    },
  };
}
