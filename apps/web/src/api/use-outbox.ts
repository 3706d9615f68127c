import { useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryKeys } from './query-keys';

/** An e-mail kept by the server because no SMTP server is configured. */
export interface OutboxMail {
  _id: string;
  to: string;
  subject: string;
  date: string;
  text: string;
}

export function useOutbox() {
  return useQuery({
    queryKey: queryKeys.outbox,
    queryFn: () => apiGet<OutboxMail[]>('/admin/outbox'),
  });
}
