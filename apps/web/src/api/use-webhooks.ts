import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TMessage,
  TWebhookDeliveries,
  TWebhookDelivery,
  TWebhookEndpoint,
  TWebhookEndpointCreate,
  TWebhookEndpointUpdate,
  TWebhookEndpointWithSecret,
  TWebhookEndpoints,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { webhookKeys as keys } from './query-keys';

const base = (cid: string) => `/companies/${encodeURIComponent(cid)}/webhooks`;
const one = (cid: string, id: string) => `${base(cid)}/${encodeURIComponent(id)}`;

function useCid(): string {
  return useCurrentCompany().companyId ?? '';
}

/** The company's webhook endpoints (docs/webhooks.md). */
export function useWebhooks() {
  const cid = useCid();
  return useQuery({
    queryKey: keys.all(cid),
    queryFn: () => apiGet<TWebhookEndpoints>(base(cid)),
    enabled: !!cid,
  });
}

/**
 * A page of one endpoint's deliveries: the newest (`before` null, refreshed
 * every few seconds while shown) or those older than `before`.
 */
export function useWebhookDeliveries(id: string | null, before: number | null = null) {
  const cid = useCid();
  return useQuery({
    queryKey: keys.deliveriesPage(cid, id ?? '', before),
    queryFn: () =>
      apiGet<TWebhookDeliveries>(`${one(cid, id!)}/deliveries${before ? `?before=${before}` : ''}`),
    enabled: !!cid && !!id,
    refetchInterval: before ? false : 5_000,
  });
}

/** Create, change, delete, rotate, test and send again; each refreshes the list or log. */
export function useWebhookActions() {
  const cid = useCid();
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: keys.all(cid) });
  return {
    create: useMutation({
      mutationFn: (v: TWebhookEndpointCreate) => apiPost<TWebhookEndpointWithSecret>(base(cid), v),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...v }: TWebhookEndpointUpdate & { id: string }) =>
        apiPost<TWebhookEndpoint>(one(cid, id), v),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiPost<TMessage>(`${one(cid, id)}/delete`),
      onSuccess: refresh,
    }),
    rotate: useMutation({
      mutationFn: (id: string) => apiPost<TWebhookEndpointWithSecret>(`${one(cid, id)}/rotate`),
      onSuccess: refresh,
    }),
    test: useMutation({
      mutationFn: (id: string) => apiPost<TWebhookDelivery>(`${one(cid, id)}/test`),
      onSuccess: (_d, id) => qc.invalidateQueries({ queryKey: keys.deliveries(cid, id) }),
    }),
    resend: useMutation({
      mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
        apiPost<TWebhookDelivery>(
          `${one(cid, id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        ),
      onSuccess: (_d, v) => qc.invalidateQueries({ queryKey: keys.deliveries(cid, v.id) }),
    }),
  };
}
