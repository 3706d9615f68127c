import { useSyncExternalStore } from 'react';
import { onlineManager, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '@fieldbook/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCurrentCompany } from '../app/company-context';
import { offlineDb, type OutboxEntry } from './offline/offline-db';
import { outboxSize, subscribeOutboxSize } from './offline/outbox';
import { lastSynced, loadPack } from './offline/pack';
import { jobNotices } from './offline/sync';
import { jobKeys } from './query-keys';

/** Whether the browser has a network (TanStack's online manager: the online and offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (l) => onlineManager.subscribe(l),
    () => onlineManager.isOnline(),
  );
}

/** Changes kept on the phone, not yet on the server. */
export function useOutboxSize(): number {
  return useSyncExternalStore(subscribeOutboxSize, outboxSize);
}

const NONE: OutboxEntry[] = [];

/** The waiting changes of one job, in order (live: the outbox is watched); undefined until read. */
export function useJobOutbox(jobId: string | null | undefined): OutboxEntry[] | undefined {
  return useLiveQuery(
    async () =>
      jobId
        ? ((await offlineDb()?.outbox.where('jobId').equals(jobId).sortBy('seq')) ?? NONE)
        : NONE,
    [jobId],
  );
}

/** Every waiting change (the banner's list of jobs that need a choice). */
export function useOutbox(): OutboxEntry[] {
  return (
    useLiveQuery(async () => (await offlineDb()?.outbox.orderBy('seq').toArray()) ?? NONE) ?? NONE
  );
}

/** Messages about a job's synced changes (a refused move). */
export function useJobNotices(jobId: string | null | undefined): string[] {
  return useLiveQuery(async () => (jobId ? jobNotices(jobId) : []), [jobId]) ?? [];
}

const PACK_EVERY = 10 * 60_000;

/**
 * Keeps the member's week on the phone while online: read at start, every
 * ten minutes, after a job change and on reconnect. Answers when it was last
 * read (the banner's "last synced").
 */
export function useOfflinePack(): string | undefined {
  const cid = useCurrentCompany().companyId ?? '';
  const member = useCurrentCompany().member;
  const qc = useQueryClient();
  const pack = useQuery({
    queryKey: jobKeys.offlinePack(cid),
    queryFn: () => loadPack(qc, cid),
    enabled: !!cid && !!member && can(member, 'appointments', 'r'),
    refetchInterval: PACK_EVERY,
    staleTime: PACK_EVERY,
    refetchOnReconnect: 'always',
    retry: false,
  });
  const kept = useLiveQuery(async () => (cid ? lastSynced(cid) : undefined), [cid, pack.data]);
  return pack.data?.syncedAt ?? kept;
}
