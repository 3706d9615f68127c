import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';

/**
 * A socket.io client of `user` on the server at `base`, connected (rejects with
 * the server's refusal), websocket only and never reconnecting, so a test sees
 * exactly what the server does. It goes into `keep` for the test's teardown.
 */
export async function connectSocket(
  base: string,
  user: { username: string; token: string },
  keep: Socket[],
): Promise<Socket> {
  const s = connect(base, {
    auth: { username: user.username, token: user.token },
    transports: ['websocket'],
    reconnection: false,
  });
  keep.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

/** `joinCompany`, expected to be accepted. */
export async function joinCompany(s: Socket, companyId: string): Promise<void> {
  expect(await s.timeout(5000).emitWithAck('joinCompany', companyId)).toEqual({ ok: true });
}
