import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TInvitation,
  TInvitationAccepted,
  TInvitationRegister,
  TLoginResult,
  TMessage,
  TRegister,
} from '@fieldbook/core';
import { apiPost, apiPublicPost } from './api-client';
import { queryKeys } from './query-keys';
import { CLIENT_ID, completeSignIn } from './sign-in';
import { setSession, storeCompanyId } from './session-store';

export function useRegister() {
  return useMutation({
    mutationFn: (v: TRegister) => apiPublicPost<TMessage>('/auth/register', v),
  });
}

/** Revoke the token on the server, then forget everything about the session. */
export function useLogout() {
  const queryClient = useQueryClient();
  return async () => {
    try {
      await apiPost<TMessage>('/auth/logout');
    } catch {
      // Signing out locally must work even when the server cannot be reached.
    }
    storeCompanyId(null);
    // The signed-out app starts from the URL: land on the home page.
    window.history.replaceState(null, '', '/');
    // Log out: what the phone kept for this user goes too (offline-db.ts; the menu asked first).
    setSession(null, 'logout');
    queryClient.clear();
  };
}

// E-mail confirmation links are single-use too.
const confirmations = new Map<string, Promise<TMessage>>();

/** The link sent to a new profile address (`/confirm-email?token=<token>`). */
export function confirmEmail(token: string): Promise<TMessage> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = apiPublicPost<TMessage>('/auth/confirm-email', { token });
    confirmations.set(token, pending);
  }
  return pending;
}

/** What an invitation link (`/invite?token=<token>`) shows before it is used. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: queryKeys.invitation(token),
    queryFn: () => apiPublicPost<TInvitation>('/auth/invitation', { token }),
    retry: false,
    staleTime: Infinity,
  });
}

/** Start in the joined company, from the home page. */
function openJoined(companyId: string) {
  storeCompanyId(companyId);
  window.history.replaceState(null, '', '/');
}

/** The signed-in user joins the company of the invitation they opened. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiPost<TInvitationAccepted>('/auth/invitation/accept', { token }),
    onSuccess: async (r) => {
      openJoined(r.companyId);
      await queryClient.invalidateQueries({ queryKey: queryKeys.companies });
    },
  });
}

export type InvitationRegister = Omit<TInvitationRegister, 'clientId'>;

/** A new account made on the invitation's page: it joins and is signed in. */
export function useRegisterByInvitation() {
  return useMutation({
    mutationFn: (v: InvitationRegister) =>
      apiPublicPost<TLoginResult & TInvitationAccepted>('/auth/invitation/register', {
        ...v,
        clientId: CLIENT_ID,
      }),
    onSuccess: async (r) => {
      // Off the used link before the signed-in app starts from the URL.
      openJoined(r.companyId);
      await completeSignIn(r);
    },
  });
}
