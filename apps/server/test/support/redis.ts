import { Redis } from 'ioredis';

/**
 * The Redis of the tests and benches (TEST_REDIS_URL, else 127.0.0.1:6379)
 * on database number `db`: each test file takes its own number, so files run
 * in parallel never hear each other's events (the bridge's channel carries the
 * number; taken: 10 and 11 events-bridge-redis, 12 chat-processes, 13
 * revocation-processes, 14 the benches, 15 jobs-types-realtime, 9 the proxy journey in
 * e2e/proxy). Redis runs on
 * the development machines and in CI: when it does not
 * answer, this fails saying so, never skips.
 */
export async function testRedisUrl(db: number): Promise<string> {
  const u = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  u.pathname = `/${db}`;
  const url = u.toString();
  const c = new Redis(url, { lazyConnect: true, connectTimeout: 3000, retryStrategy: () => null });
  c.on('error', () => {});
  try {
    await c.connect();
    await c.ping();
  } catch (e) {
    throw new Error(
      `Redis does not answer at ${url} (${(e as Error).message}): start it (apt-get install redis-server) or point TEST_REDIS_URL at one.`,
      { cause: e },
    );
  } finally {
    c.disconnect();
  }
  return url;
}

/** Drops every connection named `name` (a bridge's) from the Redis at `url`; answers how many. */
export async function killRedisClients(url: string, name: string): Promise<number> {
  const c = new Redis(url);
  try {
    const list = (await c.client('LIST')) as string;
    const ids = list
      .split('\n')
      .filter((l) => l.includes(` name=${name} `))
      .map((l) => /id=(\d+)/.exec(l)![1]!);
    for (const id of ids) await c.client('KILL', 'ID', id);
    return ids.length;
  } finally {
    c.disconnect();
  }
}

/** The buses the cross-process tests run on: NOTIFY (the default) and Redis (REDIS_URL). */
export const EVENT_BUSES = ['postgres', 'redis'] as const;
export type EventBus = (typeof EVENT_BUSES)[number];

/** The environment a server process needs for `bus`: REDIS_URL on database number `db` for Redis. */
export async function busEnv(bus: EventBus, db: number): Promise<Record<string, string>> {
  return bus === 'redis' ? { REDIS_URL: await testRedisUrl(db) } : {};
}

/** How many bridge connections (`fieldbook-events-*`) are open on database number `db` of `url`. */
export async function bridgeClients(url: string): Promise<number> {
  const db = new URL(url).pathname.slice(1) || '0';
  const c = new Redis(url);
  try {
    const list = (await c.client('LIST')) as string;
    return list
      .split('\n')
      .filter((l) => / name=fieldbook-events-/.test(l) && l.includes(` db=${db} `)).length;
  } finally {
    c.disconnect();
  }
}
