import type { Socket } from 'socket.io-client';

/** The server's answer when the session is gone: retrying would not help. */
export const SIGN_IN_REFUSAL = 'Please sign in';

/**
 * socket.io retries by itself after a lost connection or a failed transport
 * (`socket.active` stays true), but not after the server's handshake
 * middleware refused the connection: then the socket stays down until
 * `connect()` is called. The middleware also refuses while the server cannot
 * check the session (restarting, its database not up yet), so this retries
 * such a refusal after `firstMs`, doubling up to `maxMs`, and starts again
 * from `firstMs` once connected. A refused session ('Please sign in') is not
 * retried. Returns the clean-up (cancels a pending retry).
 */
export function retryRefusedHandshake(socket: Socket, firstMs = 1000, maxMs = 30_000) {
  let delay = firstMs;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const onError = (err: Error) => {
    if (socket.active || err.message === SIGN_IN_REFUSAL || timer) return;
    timer = setTimeout(() => {
      timer = null;
      socket.connect();
    }, delay);
    delay = Math.min(delay * 2, maxMs);
  };
  const onConnect = () => {
    delay = firstMs;
  };
  socket.on('connect_error', onError);
  socket.on('connect', onConnect);
  return () => {
    if (timer) clearTimeout(timer);
    timer = null;
    socket.off('connect_error', onError);
    socket.off('connect', onConnect);
  };
}
