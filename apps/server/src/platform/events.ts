import { EventEmitter } from 'node:events';

/** What changed, for the company's connected browsers (socket.io forwards it). */
export interface CompanyEvent {
  companyId: string;
  /** `invoicesChanged`: sends queued, sent or failed, or a payment arrived. */
  name: 'invoicesChanged';
  ids: string[];
}

/** Events from services and workers to the realtime layer. */
export interface AppEvents {
  /** Deliver here and, when a bridge is set, to the other server processes. */
  emit(e: CompanyEvent): void;
  /** Deliver to this process's listeners only (what a bridge calls on receipt). */
  deliver(e: CompanyEvent): void;
  on(listener: (e: CompanyEvent) => void): () => void;
  /** Where emitted events also go (the PostgreSQL bridge); null for none. */
  setPublisher(publish: ((e: CompanyEvent) => void) | null): void;
}

export function createEvents(): AppEvents {
  const bus = new EventEmitter();
  bus.setMaxListeners(100);
  let publisher: ((e: CompanyEvent) => void) | null = null;
  const deliver = (e: CompanyEvent) => void bus.emit('company', e);
  return {
    emit(e) {
      deliver(e);
      publisher?.(e);
    },
    deliver,
    on(listener) {
      bus.on('company', listener);
      return () => void bus.off('company', listener);
    },
    setPublisher(p) {
      publisher = p;
    },
  };
}
