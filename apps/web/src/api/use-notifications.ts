import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TNotificationSettingsAnswer,
  TNotificationSettingsSave,
  TNotificationsAnswer,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { notificationKey, queryKeys } from './query-keys';

/** The notification room's query; a `notification` push invalidates it (api/realtime.ts). */

/** The user's notifications in the current company, newest first, with the unread count. */
export function useNotifications() {
  const { companyId } = useCurrentCompany();
  const cid = companyId ?? '';
  return useQuery({
    queryKey: notificationKey(cid),
    queryFn: () =>
      apiGet<TNotificationsAnswer>(`/notifications?companyId=${encodeURIComponent(cid)}`),
    enabled: !!companyId,
  });
}

/** Marks notifications read (`ids`, or all). */
export function useReadNotifications() {
  const { companyId } = useCurrentCompany();
  const queryClient = useQueryClient();
  const cid = companyId ?? '';
  return useMutation({
    mutationFn: (ids?: string[]) =>
      apiPost<{ unread: number }>('/notifications/read', { companyId: cid, ...(ids && { ids }) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKey(cid) }),
  });
}

/** Per kind, whether its e-mail goes too (the profile). */
export function useNotificationSettings() {
  return useQuery({
    queryKey: queryKeys.notificationSettings,
    queryFn: () => apiGet<TNotificationSettingsAnswer>('/notifications/settings'),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: TNotificationSettingsSave) =>
      apiPost<TNotificationSettingsAnswer>('/notifications/settings', v),
    onSuccess: (d) => queryClient.setQueryData(queryKeys.notificationSettings, d),
  });
}
