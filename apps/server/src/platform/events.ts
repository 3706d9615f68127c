import { EventEmitter } from 'node:events';

/** What changed, for the company's connected browsers (socket.io forwards it). */
export interface CompanyEvent {
  companyId: string;
  /** `invoicesChanged`: sends queued, sent or failed, or a payment arrived. */
  name: 'invoicesChanged';
  ids: string[];
}

/** In-process events from services and workers to the realtime layer. */
export interface AppEvents {
  emit(e: CompanyEvent): void;
  on(listener: (e: CompanyEvent) => void): () => void;
}

export function createEvents(): AppEvents {
  const bus = new EventEmitter();
  bus.setMaxListeners(100);
  return {
    emit: (e) => void bus.emit('company', e),
    on(listener) {
      bus.on('company', listener);
      return () => void bus.off('company', listener);
    },
  };
}
