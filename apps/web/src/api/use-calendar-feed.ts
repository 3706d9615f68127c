import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCalendarFeed } from '@fieldbook/core';
import { apiGet, apiPost } from './api-client';
import { calendarFeedKey as key } from './query-keys';

const url = (cid: string) => `/companies/${encodeURIComponent(cid)}/calendarFeed`;

/** The signed-in user's calendar feed in the company: whether it is on, and its URL. */
export function useCalendarFeed(cid: string | null, enabled = true) {
  return useQuery({
    queryKey: key(cid ?? ''),
    queryFn: () => apiGet<TCalendarFeed>(url(cid!)),
    enabled: !!cid && enabled,
  });
}

/** Turn on / New URL (renew) and Turn off; the answer is the feed as it now is. */
export function useCalendarFeedChange(cid: string | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: 'renew' | 'off') =>
      apiPost<TCalendarFeed>(action === 'off' ? `${url(cid!)}/delete` : url(cid!)),
    onSuccess: (feed) => qc.setQueryData(key(cid ?? ''), feed),
  });
}
