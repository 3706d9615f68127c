import { useSyncExternalStore } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TAppointmentSave, TJobCard, TJobSaved } from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { ApiError, apiGet, errorMessage } from './api-client';
import { keptCards } from './offline/kept-cards';
import { outboxVersion, subscribeOutboxSize } from './offline/outbox-size';
import { boardKeys, invoiceKeys, jobKeys } from './query-keys';
import { invalidateJob, useJobSaveFn } from './use-jobs';

/** Under jobKeys.lists, so every `updateActiveJobs` push refetches them. */

const base = (cid: string) => `/companies/${encodeURIComponent(cid)}/appointments`;

function useCid(): string {
  return useCurrentCompany().companyId ?? '';
}

/** Renders again when the outbox changes: the cards drawn from kept jobs carry its changes. */
const useOutboxChanges = () => useSyncExternalStore(subscribeOutboxSize, outboxVersion);

/** The active jobs as cards (the board and the unscheduled column), in sortOrder. */
export function useActiveCards() {
  const cid = useCid();
  const qc = useQueryClient();
  useOutboxChanges();
  return useQuery({
    queryKey: boardKeys.active(cid),
    queryFn: () => apiGet<TJobCard[]>(`${base(cid)}/activeJobs`),
    enabled: !!cid,
    // Offline with no kept list: the week's kept jobs (read again once online).
    placeholderData: () => keptCards(qc, cid),
  });
}

/**
 * The scheduled jobs (active or done) overlapping from..to as cards, for the
 * schedule, planner and calendar. `from`/`to` are ISO instants; the range of
 * a view comes from core's calendarRange, so nearby views share one load.
 */
export function useRangeCards(from: string, to: string, enabled = true) {
  const cid = useCid();
  const qc = useQueryClient();
  useOutboxChanges();
  return useQuery({
    queryKey: boardKeys.range(cid, from, to),
    queryFn: () =>
      apiGet<TJobCard[]>(
        `${base(cid)}/cards?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      ),
    enabled: !!cid && !!from && !!to && enabled,
    // A new range keeps showing the last one until it arrives (no flash of an empty week);
    // offline, the range's kept jobs instead, as the last range's would not come.
    placeholderData: (prev) => keptCards(qc, cid, { from, to }) ?? prev,
  });
}

/** A move of one card: the fields a drop changes (core's dropOnColumn / dropOnCalendar). */
export type CardMove = Pick<
  TAppointmentSave,
  'status' | 'hasSchedule' | 'startDate' | 'endDate' | 'isAllDayEvent'
>;

/** The card as the move will leave it, for the optimistic update. */
function moved(card: TJobCard, m: CardMove): TJobCard {
  const hasSchedule = m.hasSchedule ?? card.hasSchedule;
  const status = m.status === undefined ? card.status : m.status === 'Scheduled' ? null : m.status;
  return {
    ...card,
    status,
    hasSchedule,
    shownStatus: !hasSchedule ? 'Unscheduled' : status || 'Scheduled',
    startDate: m.startDate ?? card.startDate,
    endDate: m.endDate ?? card.endDate,
    isAllDayEvent: m.isAllDayEvent ?? card.isAllDayEvent,
  };
}

/**
 * Saves a drop (a patch: only the moved fields; the server checks the move
 * against the workflow). The card moves at once in every cached list; a
 * refusal puts it back and rejects with the server's message for the caller
 * to show. Either way the lists are refetched.
 */
export function useMoveJob() {
  const cid = useCid();
  const qc = useQueryClient();
  const saveFn = useJobSaveFn();
  return useMutation({
    // Offline too: the move waits on the phone with the job (docs/offline.md).
    networkMode: 'always',
    mutationFn: ({ card, move }: { card: TJobCard; move: CardMove }): Promise<TJobSaved> =>
      saveFn({ _id: card._id, ...move }),
    onMutate: async ({ card, move }) => {
      const filters = { queryKey: jobKeys.lists(cid) };
      await qc.cancelQueries(filters);
      const before: [QueryKey, unknown][] = qc.getQueriesData(filters);
      const next = moved(card, move);
      qc.setQueriesData<TJobCard[]>(filters, (list) =>
        Array.isArray(list) ? list.map((c) => (c._id === card._id ? { ...c, ...next } : c)) : list,
      );
      // The card enters the calendar's ranges when it was not in them (a drop from Unscheduled).
      for (const [key, list] of before)
        if (key.includes('range') && Array.isArray(list) && !list.some((c) => c._id === card._id))
          qc.setQueryData<TJobCard[]>(key, [...(list as TJobCard[]), next]);
      return { before };
    },
    onError: (_e, _v, ctx) => {
      for (const [key, data] of ctx?.before ?? []) qc.setQueryData(key, data);
    },
    onSettled: (_r, _e, { card }) =>
      Promise.all([
        invalidateJob(qc, cid, card._id),
        // Entering a status may make an invoice (automations).
        qc.invalidateQueries({ queryKey: invoiceKeys.all(cid) }),
      ]),
  });
}

/**
 * The server's words for a refused move: the status field's message when it
 * names one (the `error` text carries the field's name in front).
 */
export const moveRefusalMessage = (err: unknown) =>
  (err instanceof ApiError && err.fields?.status) || errorMessage(err);
