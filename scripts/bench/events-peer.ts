// The receiving process of `npm run bench -- events` (events.ts): a bridge on
// BENCH_BUS (postgres or redis) at BENCH_URL; prints "ready", then for each
// run (an event named `chatRooms` with ids ['start', n]) the arrival delay of
// each of the n events that follow (ids[0]: the sender's clock in ms) as one
// JSON line.
import { createEvents } from '../../apps/server/src/platform/events.js';
import { bridgeEventsOverPostgres } from '../../apps/server/src/platform/events-bridge.js';
import { bridgeEventsOverRedis } from '../../apps/server/src/platform/events-bridge-redis.js';

const events = createEvents();
const url = process.env.BENCH_URL!;
const bridge =
  process.env.BENCH_BUS === 'redis'
    ? await bridgeEventsOverRedis(events, url)
    : await bridgeEventsOverPostgres(events, url);
const now = () => performance.timeOrigin + performance.now();
let want = 0;
let delays: number[] = [];
let first = 0;
events.on((e) => {
  if (e.ids[0] === 'start') {
    want = Number(e.ids[1]);
    delays = [];
    return;
  }
  const t = now();
  if (delays.length === 0) first = t;
  delays.push(t - Number(e.ids[0]));
  if (delays.length === want) console.log(JSON.stringify({ delays, spanMs: t - first, lastAt: t }));
});
process.once('SIGTERM', () => void bridge.close().then(() => process.exit(0)));
console.log('ready');
