// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { queryWrapper, testQueryClient } from '../test/query-wrapper';
import { usePasskeyActions, usePasskeys } from './use-passkeys';
import { useTwoFactor } from './use-two-factor';

/** A stand-in server that keeps passkeys, and a browser whose prompt the test decides. */
const server = vi.hoisted(() => ({
  passkeys: [] as { _id: string; name: string }[],
  calls: [] as string[],
  prompt: 'ok' as 'ok' | 'cancel',
}));
vi.mock('./api-client', () => ({
  apiGet: vi.fn(async (path: string) => {
    server.calls.push(`GET ${path}`);
    return path.endsWith('/passkeys')
      ? { passkeys: server.passkeys }
      : { enabled: false, events: [], backupCodesLeft: 0, enabledAt: null };
  }),
  apiPost: vi.fn(async (path: string, body: Record<string, unknown>) => {
    server.calls.push(`POST ${path}`);
    if (path.endsWith('/options')) {
      if (body.password !== 'pw') throw new Error('password is not your password');
      return { challenge: 'ch1', rp: { id: 'localhost' } };
    }
    if (path === '/people/passkeys') {
      const p = { _id: `p${server.passkeys.length + 1}`, name: body.name as string };
      server.passkeys = [...server.passkeys, p];
      return p;
    }
    if (path.endsWith('/remove')) {
      server.passkeys = server.passkeys.filter((p) => !path.includes(p._id));
      return { message: 'Passkey removed' };
    }
    const id = path.split('/').pop();
    server.passkeys = server.passkeys.map((p) =>
      p._id === id ? { ...p, name: body.name as string } : p,
    );
    return server.passkeys.find((p) => p._id === id);
  }),
}));
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(async ({ optionsJSON }: { optionsJSON: { challenge: string } }) => {
    if (server.prompt === 'cancel')
      throw Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'NotAllowedError',
      });
    return { id: 'cred', response: { clientDataJSON: optionsJSON.challenge } };
  }),
}));

describe('the passkeys hooks', () => {
  it('add after the password and the prompt (the list and the entries follow), rename, remove', async () => {
    const client = testQueryClient();
    const { result } = renderHook(
      () => ({ list: usePasskeys(), a: usePasskeyActions(), entries: useTwoFactor() }),
      {
        wrapper: queryWrapper(client),
      },
    );
    await waitFor(() => expect(result.current.list.data?.passkeys).toEqual([]));

    // A wrong password stops before the browser's prompt.
    await act(async () => {
      await result.current.a.add.mutateAsync({ name: 'Phone', password: 'no' }).catch(() => {});
    });
    await waitFor(() => expect(String(result.current.a.add.error)).toMatch(/not your password/));
    // A closed prompt adds nothing, and says so in words.
    server.prompt = 'cancel';
    await act(async () => {
      await result.current.a.add.mutateAsync({ name: 'Phone', password: 'pw' }).catch(() => {});
    });
    await waitFor(() => expect(String(result.current.a.add.error)).toMatch(/closed or timed out/));
    expect(server.passkeys).toEqual([]);

    server.prompt = 'ok';
    await act(async () => {
      await result.current.a.add.mutateAsync({ name: 'Phone', password: 'pw' });
    });
    await waitFor(() =>
      expect(result.current.list.data?.passkeys).toEqual([{ _id: 'p1', name: 'Phone' }]),
    );
    await act(async () => {
      await result.current.a.rename.mutateAsync({ id: 'p1', name: 'Old phone' });
    });
    await waitFor(() => expect(result.current.list.data?.passkeys[0]?.name).toBe('Old phone'));
    await act(async () => {
      await result.current.a.remove.mutateAsync({ id: 'p1', password: 'pw' });
    });
    await waitFor(() => expect(result.current.list.data?.passkeys).toEqual([]));
    const posts = server.calls.filter((c) => c.startsWith('POST'));
    expect(posts).toEqual([
      'POST /people/passkeys/options',
      'POST /people/passkeys/options',
      'POST /people/passkeys/options',
      'POST /people/passkeys',
      'POST /people/passkeys/p1',
      'POST /people/passkeys/p1/remove',
    ]);
    // Each change refreshed the account's entries (shown under the two-factor card): once, then 3 more.
    await waitFor(() =>
      expect(server.calls.filter((c) => c === 'GET /people/two-factor')).toHaveLength(4),
    );
  });
});
