// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { queryWrapper, testQueryClient } from '../test/query-wrapper';
import { useApiTokenActions, useApiTokens } from './use-api-tokens';

/** A stand-in server holding one company's tokens. */
const server = vi.hoisted(() => ({
  tokens: [] as { _id: string; name: string }[],
  calls: [] as string[],
}));
vi.mock('./api-client', () => ({
  apiGet: vi.fn(async (path: string) => {
    server.calls.push(`GET ${path}`);
    return { tokens: server.tokens };
  }),
  apiPost: vi.fn(async (path: string, body: { name?: string }) => {
    server.calls.push(`POST ${path}`);
    if (path.endsWith('/revoke')) {
      server.tokens = server.tokens.filter((t) => !path.includes(t._id));
      return { message: 'revoked' };
    }
    const apiToken = { _id: `t${server.tokens.length + 1}`, name: body.name! };
    server.tokens = [...server.tokens, apiToken];
    return { token: 'fbk_secret', apiToken };
  }),
}));

describe('the API token hooks', () => {
  it('list the company’s tokens, and the list follows a create and a revoke', async () => {
    const { result } = renderHook(
      () => ({ list: useApiTokens('c1'), actions: useApiTokenActions('c1') }),
      { wrapper: queryWrapper(testQueryClient()) },
    );
    await waitFor(() => expect(result.current.list.data?.tokens).toEqual([]));
    let made: { token: string } | undefined;
    await act(async () => {
      made = await result.current.actions.create.mutateAsync({
        name: 'Xero',
        expiresInDays: 30,
        rights: { invoices: { r: true } },
      });
    });
    expect(made?.token).toBe('fbk_secret');
    await waitFor(() =>
      expect(result.current.list.data?.tokens.map((t) => t.name)).toEqual(['Xero']),
    );
    await act(async () => {
      await result.current.actions.revoke.mutateAsync('t1');
    });
    await waitFor(() => expect(result.current.list.data?.tokens).toEqual([]));
    expect(server.calls).toEqual([
      'GET /companies/c1/api-tokens',
      'POST /companies/c1/api-tokens',
      'GET /companies/c1/api-tokens',
      'POST /companies/c1/api-tokens/t1/revoke',
      'GET /companies/c1/api-tokens',
    ]);
  });

  it('asks nothing without a company', () => {
    server.calls = [];
    const { result } = renderHook(() => useApiTokens(null), {
      wrapper: queryWrapper(testQueryClient()),
    });
    expect(result.current.fetchStatus).toBe('idle');
    expect(server.calls).toEqual([]);
  });
});
