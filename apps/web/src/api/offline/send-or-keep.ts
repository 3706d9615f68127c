import { ApiError } from '../api-client';
import { holdBack, newKey } from './outbox';
import { syncSoon } from './sync';

/** No answer from the server at all (no network, or it went on the way). */
export const noNetwork = (e: unknown) => e instanceof ApiError && e.status === 0;

/**
 * A request with its Idempotency-Key, straight to the server when online and
 * nothing of `waitKey` (a job) waits; else, or when the network fails on the
 * way, kept in the outbox with the same key (a request that did arrive is then
 * answered from its key, not applied twice).
 */
export async function sendOrKeep<T>(
  waitKey: string | null,
  send: (key: string) => Promise<T>,
  keep: (key: string) => Promise<T>,
): Promise<T> {
  const key = newKey();
  const kept = async () => {
    const r = await keep(key);
    void syncSoon();
    return r;
  };
  if (holdBack(waitKey)) return kept();
  try {
    return await send(key);
  } catch (e) {
    if (noNetwork(e)) return kept();
    throw e;
  }
}
