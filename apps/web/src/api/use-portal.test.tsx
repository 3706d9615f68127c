// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { queryWrapper, testQueryClient } from '../test/query-wrapper';
import { useAnswerQuote, useCreatePortalLink, usePortal, usePortalLink } from './use-portal';

vi.mock('../app/company-context', () => ({ useCurrentCompany: () => ({ companyId: 'c1' }) }));

/** A stand-in server: the portal's quote answer, and the client's link state. */
const server = vi.hoisted(() => ({
  response: null as null | { kind: string },
  state: 'none',
  calls: [] as string[],
}));
vi.mock('./api-client', () => ({
  apiUrl: (p: string) => `/api${p}`,
  apiRequest: vi.fn(async (method: string, path: string, opts?: { anonymous?: boolean }) => {
    server.calls.push(`${method} ${path} ${opts?.anonymous ? 'anonymous' : 'signed'}`);
    if (method === 'POST' && path.endsWith('/accept')) {
      server.response = { kind: 'accepted' };
      return { message: 'Thank you: the quote is accepted.' };
    }
    return { quotes: [{ _id: 'q1', response: server.response }] };
  }),
  apiGet: vi.fn(async () => ({ state: server.state })),
  apiPost: vi.fn(async () => {
    server.state = 'active';
    return { state: 'active', url: 'http://x/portal/t', sentTo: null };
  }),
}));

describe('the portal hooks', () => {
  it('read the portal without a session, and an answer reloads it', async () => {
    const client = testQueryClient();
    const { result } = renderHook(
      () => ({ portal: usePortal('tok'), answer: useAnswerQuote('tok', 'q1') }),
      { wrapper: queryWrapper(client) },
    );
    await waitFor(() => expect(result.current.portal.data?.quotes[0]?.response).toBeNull());
    await act(async () => {
      await result.current.answer.mutateAsync({
        kind: 'accept',
        body: { name: 'A B', signature: 'data:image/png;base64,AA==', version: 'v1' },
      });
    });
    await waitFor(() =>
      expect(result.current.portal.data?.quotes[0]?.response).toEqual({ kind: 'accepted' }),
    );
    expect(server.calls).toContain('POST /portal/tok/quotes/q1/accept anonymous');
    expect(server.calls.every((c) => c.endsWith('anonymous'))).toBe(true);
  });

  it("show the client's new link state once one is made", async () => {
    const client = testQueryClient();
    const { result } = renderHook(
      () => ({ status: usePortalLink('cl1'), create: useCreatePortalLink('cl1') }),
      { wrapper: queryWrapper(client) },
    );
    await waitFor(() => expect(result.current.status.data?.state).toBe('none'));
    await act(async () => {
      await result.current.create.mutateAsync(false);
    });
    await waitFor(() => expect(result.current.status.data?.state).toBe('active'));
  });
});
