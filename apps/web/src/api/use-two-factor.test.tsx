// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { queryWrapper, testQueryClient } from '../test/query-wrapper';
import { useTwoFactor, useTwoFactorActions } from './use-two-factor';

/** A stand-in server: off until a right code turns it on. */
const server = vi.hoisted(() => ({ enabled: false, calls: [] as string[] }));
vi.mock('./api-client', () => ({
  apiGet: vi.fn(async () => ({
    enabled: server.enabled,
    enabledAt: null,
    backupCodesLeft: server.enabled ? 10 : 0,
    events: [],
  })),
  apiPost: vi.fn(async (path: string, body: { code?: string }) => {
    server.calls.push(path);
    if (path.endsWith('/setup')) return { secret: 'ABC', otpauthUrl: 'otpauth://x', qr: 'data:' };
    if (body.code !== '123456') throw new Error('code is not the code your app shows now');
    server.enabled = path.endsWith('/enable');
    return path.endsWith('/disable') ? { message: 'off' } : { backupCodes: ['a', 'b'] };
  }),
}));

describe('the two-factor hooks', () => {
  it('set up, turn on with a right code (the status follows), and off again', async () => {
    const client = testQueryClient();
    const { result } = renderHook(() => ({ s: useTwoFactor(), a: useTwoFactorActions() }), {
      wrapper: queryWrapper(client),
    });
    await waitFor(() => expect(result.current.s.data?.enabled).toBe(false));
    await act(async () => {
      await result.current.a.setup.mutateAsync();
    });
    await waitFor(() => expect(result.current.a.setup.data?.secret).toBe('ABC'));
    await act(async () => {
      await result.current.a.enable.mutateAsync({ password: 'pw', code: '000000' }).catch(() => {});
    });
    expect(result.current.s.data?.enabled).toBe(false);
    await act(async () => {
      await result.current.a.enable.mutateAsync({ password: 'pw', code: '123456' });
    });
    await waitFor(() => expect(result.current.s.data?.backupCodesLeft).toBe(10));
    await act(async () => {
      await result.current.a.disable.mutateAsync({ password: 'pw', code: '123456' });
    });
    await waitFor(() => expect(result.current.s.data?.enabled).toBe(false));
    expect(server.calls).toEqual([
      '/people/two-factor/setup',
      '/people/two-factor/enable',
      '/people/two-factor/enable',
      '/people/two-factor/disable',
    ]);
  });
});
