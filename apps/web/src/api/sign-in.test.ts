// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSession, setSession } from './session-store';
import { signIn, signInWithCode, signInWithLinkToken } from './sign-in';

const user = { _id: 'u1', username: 'ann', name: 'Ann' };
/** A stand-in server: Ann has two-factor sign-in when `twoFactor` is set. */
const server = vi.hoisted(() => ({ twoFactor: false, calls: [] as string[] }));
vi.mock('./api-client', () => ({
  apiPublicPost: vi.fn(async (path: string, body: Record<string, unknown>) => {
    server.calls.push(`${path} ${Object.keys(body).sort().join(',')}`);
    if (path === '/auth/second-factor') {
      if (body.code !== '123456') throw new Error('That code is not right');
      return { token: 't2', user };
    }
    return server.twoFactor ? { secondFactor: 'totp', challenge: 'ch1' } : { token: 't1', user };
  }),
  apiGet: vi.fn(async () => user),
}));

beforeEach(() => {
  setSession(null);
  server.calls = [];
});

describe('signing in', () => {
  it('starts the session at once without a second factor', async () => {
    server.twoFactor = false;
    expect(await signIn({ username: 'ann', password: 'pw' })).toBeNull();
    expect(getSession()?.token).toBe('t1');
  });

  it('answers the challenge, with no session, when the account has a second factor', async () => {
    server.twoFactor = true;
    expect(await signIn({ username: 'ann', password: 'pw' })).toEqual({ challenge: 'ch1' });
    expect(getSession()).toBeNull();
    await expect(signInWithCode({ challenge: 'ch1', code: '000000' })).rejects.toThrow(
      'That code is not right',
    );
    expect(getSession()).toBeNull();
    await signInWithCode({ challenge: 'ch1', code: '123456' });
    expect(getSession()?.token).toBe('t2');
    expect(server.calls).toContain('/auth/second-factor challenge,clientId,code');
  });

  it('answers the challenge after a sign-in link too', async () => {
    server.twoFactor = true;
    expect(await signInWithLinkToken('link-1')).toEqual({ challenge: 'ch1' });
    expect(getSession()).toBeNull();
  });
});
