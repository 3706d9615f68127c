import type { Config } from '../config.js';
import type { AppEvents } from './events.js';
import {
  bridgeEventsOverPostgres,
  type BridgeOptions,
  type EventsBridge,
} from './events-bridge.js';
import { bridgeEventsOverRedis } from './events-bridge-redis.js';

/**
 * The bridge that carries events to the other processes sharing the
 * database: Redis pub/sub when REDIS_URL is set, else PostgreSQL NOTIFY; none
 * on the embedded database, which one process holds alone (docs/deploy.md,
 * "Events across processes").
 */
export function openEventsBridge(
  config: Pick<Config, 'databaseUrl' | 'redisUrl'>,
  events: AppEvents,
  opts: BridgeOptions = {},
): Promise<EventsBridge> | null {
  if (config.redisUrl) return bridgeEventsOverRedis(events, config.redisUrl, undefined, opts);
  if (config.databaseUrl)
    return bridgeEventsOverPostgres(events, config.databaseUrl, undefined, opts);
  return null;
}
