import { onlineManager } from '@tanstack/react-query';
import { loadLocalFiles } from '../api/offline/local-files';
import { tellOffline } from '../api/offline/offline-notice';
import { watchOutbox } from '../api/offline/outbox';
import { persistQueries, restoreQueries } from '../api/offline/query-persist';
import { startSync } from '../api/offline/sync';
import { queryClient } from './query-client';

let booted: Promise<void> | null = null;

/**
 * Before the signed-in screens start: the answers kept on the phone go back
 * into the cache, the kept photos get their addresses, and the outbox starts
 * replaying (docs/offline.md).
 */
export function bootOffline(): Promise<void> {
  booted ??= (async () => {
    // TanStack's online manager starts online and hears only changes: a page opened offline says so.
    onlineManager.setOnline(navigator.onLine);
    watchOutbox();
    await Promise.all([restoreQueries(queryClient), loadLocalFiles()]);
    persistQueries(queryClient);
    startSync(queryClient);
    onlineManager.subscribe(tellOffline);
    tellOffline(onlineManager.isOnline());
  })().catch((e: unknown) => {
    // IndexedDB refused (a private window): the app works online only.
    console.error('Offline storage is not available', e);
  });
  return booted;
}
