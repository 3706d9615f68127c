import { onlineManager } from '@tanstack/react-query';
import { loadLocalFiles } from '../api/offline/local-files';
import { tellOffline } from '../api/offline/offline-notice';
import { watchOutbox } from '../api/offline/outbox';
import { persistQueries, restoreQueries } from '../api/offline/query-persist';
import { startSync, syncSoon } from '../api/offline/sync';
import { getSession, subscribeSession } from '../api/session-store';
import { queryClient } from './query-client';

let bootedFor: string | null = null;
let booting: Promise<void> = Promise.resolve();
let stopPersisting: (() => void) | null = null;

/**
 * Before the signed-in screens start, and again for each user signing in
 * within the same tab: the answers kept on the phone go back into the cache,
 * the kept photos get their addresses, and the outbox starts replaying
 * (docs/offline.md).
 */
export function bootOffline(): Promise<void> {
  const userId = getSession()?.user._id ?? null;
  if (!userId || bootedFor === userId) return booting;
  bootedFor = userId;
  booting = (async () => {
    // TanStack's online manager starts online and hears only changes: a page opened offline says so.
    onlineManager.setOnline(navigator.onLine);
    watchOutbox();
    await Promise.all([restoreQueries(queryClient), loadLocalFiles()]);
    stopPersisting?.();
    stopPersisting = persistQueries(queryClient);
    startSync(queryClient);
    void syncSoon();
    tellOffline(onlineManager.isOnline());
  })().catch((e: unknown) => {
    // IndexedDB refused (a private window): the app works online only.
    console.error('Offline storage is not available', e);
  });
  return booting;
}

onlineManager.subscribe(tellOffline);

// The session ended: nothing is kept for it any more; the next user boots afresh.
subscribeSession(() => {
  if (getSession()?.user._id === bootedFor) return;
  stopPersisting?.();
  stopPersisting = null;
  bootedFor = null;
  void bootOffline();
});
