import { useSyncExternalStore } from 'react';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  TChatMessage,
  TChatRoom,
  TConversationAnswer,
  TRoomInitiate,
  TRoomsAnswer,
} from '@fieldbook/core';
import { useCurrentCompany } from '../app/company-context';
import { apiGet, apiPost } from './api-client';
import { chatKeys } from './query-keys';

/** Messages per page of a conversation; older pages load on demand. */
export const CHAT_PAGE_SIZE = 30;

/** The caller's rooms in the current company, latest conversation first, with unread counts. */
export function useChatRooms() {
  const { companyId } = useCurrentCompany();
  return useQuery({
    queryKey: chatKeys.rooms(companyId),
    queryFn: async () =>
      (await apiGet<TRoomsAnswer>(`/rooms?companyId=${encodeURIComponent(companyId ?? '')}`)).rooms,
    enabled: !!companyId,
    // Pushes keep it fresh; the poll covers a socket that is down.
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

/** Unread messages over every room of the current company (the sidebar badge adds it). */
export function useUnreadTotal(): number {
  return (useChatRooms().data ?? []).reduce((n, r) => n + r.unread, 0);
}

/** A conversation in pages: page 0 is the newest; each next page is older. */
export function useConversation(roomId: string | null) {
  const { companyId } = useCurrentCompany();
  return useInfiniteQuery({
    queryKey: chatKeys.room(companyId, roomId ?? ''),
    queryFn: ({ pageParam }) =>
      apiGet<TConversationAnswer>(
        `/rooms/${encodeURIComponent(roomId ?? '')}?limit=${CHAT_PAGE_SIZE}` +
          (pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''),
      ),
    initialPageParam: '',
    getNextPageParam: (last) =>
      last.conversation.hasMore ? last.conversation.messages[0]?._id : undefined,
    enabled: !!companyId && !!roomId,
  });
}

/** All loaded messages of a conversation, oldest first (newest at the bottom). */
export function messagesOf(pages: TConversationAnswer[] | undefined): TChatMessage[] {
  return [...(pages ?? [])].reverse().flatMap((p) => p.conversation.messages);
}

export function useSendMessage(roomId: string) {
  const { companyId } = useCurrentCompany();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiPost<{ message: TChatMessage }>(`/rooms/${encodeURIComponent(roomId)}/message`, { text }),
    onSuccess: () => refreshChat(qc, companyId, roomId),
  });
}

export function useMarkRead() {
  const { companyId } = useCurrentCompany();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (roomId: string) => apiPost(`/rooms/${encodeURIComponent(roomId)}/read`),
    onSuccess: () => qc.invalidateQueries({ queryKey: chatKeys.rooms(companyId) }),
  });
}

export function useStartChat() {
  const { companyId } = useCurrentCompany();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: Omit<TRoomInitiate, 'companyId'>) =>
      apiPost<{ chatRoom: TChatRoom }>('/rooms/initiate', { ...b, companyId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: chatKeys.rooms(companyId) }),
  });
}

/** After a message (sent here or pushed): the room list and, when named, that conversation. */
export function refreshChat(qc: QueryClient, companyId: string | null, roomId?: string) {
  void qc.invalidateQueries({ queryKey: chatKeys.rooms(companyId) });
  if (roomId) void qc.invalidateQueries({ queryKey: chatKeys.room(companyId, roomId) });
}

/* Whether the realtime socket is up, for the chat's "live" / "offline" mark. */
let connected = false;
const listeners = new Set<() => void>();
export function setChatConnected(up: boolean) {
  connected = up;
  listeners.forEach((l) => l());
}
export function useChatConnected(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    () => connected,
  );
}
