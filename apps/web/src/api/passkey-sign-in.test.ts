// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { finishWithPasskey, signInWithPasskey } from './passkey-sign-in';
import { getSession, setSession } from './session-store';
import { signIn } from './sign-in';

const user = { _id: 'u1', username: 'ann', name: 'Ann' };
/** A stand-in server and a browser whose passkey prompt the test decides. */
const server = vi.hoisted(() => ({
  calls: [] as string[],
  prompt: 'ok' as 'ok' | 'cancel',
  factors: ['passkey'],
}));
vi.mock('./api-client', () => ({
  apiPublicPost: vi.fn(async (path: string, body: Record<string, unknown>) => {
    server.calls.push(`${path} ${Object.keys(body).sort().join(',')}`);
    if (path.endsWith('options')) return { challenge: 'wa1' };
    if (path === '/auth/login')
      return { secondFactor: server.factors[0], factors: server.factors, challenge: 'ch1' };
    return { token: path === '/auth/passkey' ? 't-passwordless' : 't-second', user };
  }),
  apiGet: vi.fn(async () => user),
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));
vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(async ({ optionsJSON }: { optionsJSON: { challenge: string } }) => {
    if (server.prompt === 'cancel')
      throw Object.assign(new Error('not allowed'), { name: 'NotAllowedError' });
    return { id: 'cred', response: { clientDataJSON: optionsJSON.challenge } };
  }),
}));

beforeEach(() => {
  setSession(null);
  server.calls = [];
  server.prompt = 'ok';
});

describe('signing in with a passkey', () => {
  it('passwordless: options, the prompt, then the session', async () => {
    await signInWithPasskey();
    expect(getSession()?.token).toBe('t-passwordless');
    expect(server.calls).toEqual(['/auth/passkey/options ', '/auth/passkey clientId,response']);
  });

  it('a closed prompt signs in no one and says so in words', async () => {
    server.prompt = 'cancel';
    await expect(signInWithPasskey()).rejects.toThrow(/closed or timed out/);
    expect(getSession()).toBeNull();
    expect(server.calls).toEqual(['/auth/passkey/options ']);
  });

  it('as the second factor: the password step names the factors, the passkey finishes it', async () => {
    expect(await signIn({ username: 'ann', password: 'pw' })).toEqual({
      challenge: 'ch1',
      factors: ['passkey'],
    });
    expect(getSession()).toBeNull();
    await finishWithPasskey('ch1');
    expect(getSession()?.token).toBe('t-second');
    expect(server.calls.slice(1)).toEqual([
      '/auth/second-factor/passkey-options challenge',
      '/auth/second-factor challenge,clientId,passkey',
    ]);
  });
});
