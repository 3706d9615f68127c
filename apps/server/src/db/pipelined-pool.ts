import pg from 'pg';

/**
 * How many pipelined connections carry the named statements, per process, on
 * top of the pool's own (docs/performance.md, "Pipelined hot reads").
 */
export const PIPELINE_LANES = 2;

/**
 * A named statement on a lane that runs longer than this is cancelled: every
 * read written behind it on the same connection waits for it.
 */
export const LANE_STATEMENT_TIMEOUT_MS = 5_000;

interface Lane {
  client: Promise<pg.Client>;
  inFlight: number;
  /** The connection is corked until the end of this turn of the event loop. */
  corked: boolean;
}

/**
 * The reads written in one turn of the event loop (the requests that one poll
 * of the sockets brought) leave in one write: the lane's connection is corked
 * at the first of them and uncorked once the turn's callbacks have run
 * (setImmediate). node-postgres's own cork around each query nests inside.
 */
function holdWritesForThisTurn(lane: Lane, client: pg.Client) {
  if (lane.corked) return;
  const stream = client.connection.stream;
  lane.corked = true;
  stream.cork();
  setImmediate(() => {
    lane.corked = false;
    stream.uncork();
  });
}

/** drizzle's prepared statements carry their name; its other queries carry none. */
const isNamed = (config: unknown): config is pg.QueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as { name?: unknown }).name === 'string' &&
  (config as { name: string }).name !== '';

/**
 * A node-postgres pool whose named prepared statements, the hot reads (each one
 * short indexed read, outside a transaction), share a few pipelined connections
 * (node-postgres's `pipeline` mode): many requests' reads go out in one write
 * and come back in one read, instead of one round trip and one connection each.
 * Everything else (unnamed queries, transactions, which take a connection of
 * their own through `connect()`) is the pool's, as before.
 *
 * Each query ends with its own Sync, so an error ends that query alone. A lane
 * opens when the open ones are all busy, and a lane whose connection fails is
 * dropped: the reads on it fail with the connection's error, as on a pooled
 * connection, and the next read opens a new one.
 */
export class PipelinedPool extends pg.Pool {
  readonly #lanes: (Lane | null)[];
  readonly #laneConfig: pg.ClientConfig;
  #closed = false;

  constructor(config: {
    connectionString: string;
    max: number;
    lanes?: number;
    statementTimeoutMs?: number;
  }) {
    super({ connectionString: config.connectionString, max: config.max });
    this.#laneConfig = {
      connectionString: config.connectionString,
      pipeline: true,
      statement_timeout: config.statementTimeoutMs ?? LANE_STATEMENT_TIMEOUT_MS,
    };
    this.#lanes = Array.from({ length: config.lanes ?? PIPELINE_LANES }, () => null);
    // Assigned rather than overridden, so callers keep the base's overloaded types.
    this.query = this.#route(
      super.query.bind(this) as (...args: unknown[]) => unknown,
    ) as pg.Pool['query'];
  }

  /** The lane for a named statement in the promise form, the pool for anything else. */
  #route(poolQuery: (...args: unknown[]) => unknown) {
    return (config: unknown, values?: unknown, callback?: unknown) =>
      isNamed(config) &&
      callback === undefined &&
      typeof values !== 'function' &&
      !this.#closed &&
      this.#lanes.length > 0
        ? this.#onLane(config, values as unknown[] | undefined)
        : poolQuery(config, values, callback);
  }

  /** How many lanes are open (tests). */
  get openLanes(): number {
    return this.#lanes.filter((l) => l !== null).length;
  }

  async #onLane(config: pg.QueryConfig, values: unknown[] | undefined) {
    const lane = this.#pick();
    lane.inFlight++;
    try {
      const client = await lane.client;
      holdWritesForThisTurn(lane, client);
      return await client.query(config, values);
    } finally {
      lane.inFlight--;
    }
  }

  /** The least busy open lane, or a new one while some are unopened and the open ones are busy. */
  #pick(): Lane {
    let best: Lane | null = null;
    let unopened = -1;
    for (let i = 0; i < this.#lanes.length; i++) {
      const lane = this.#lanes[i];
      if (!lane) {
        if (unopened < 0) unopened = i;
      } else if (!best || lane.inFlight < best.inFlight) best = lane;
    }
    if (unopened >= 0 && (!best || best.inFlight > 0)) return this.#open(unopened);
    return best!;
  }

  #open(i: number): Lane {
    const client = new pg.Client(this.#laneConfig);
    const lane: Lane = { client: client.connect().then(() => client), inFlight: 0, corked: false };
    const drop = () => {
      if (this.#lanes[i] === lane) this.#lanes[i] = null;
    };
    // Without a listener, a connection lost while idle would end the process.
    client.on('error', drop);
    client.on('end', drop);
    lane.client.catch(drop);
    this.#lanes[i] = lane;
    return lane;
  }

  /** Close the lanes (their reads in flight finish first), then the pool. */
  override async end(): Promise<void> {
    this.#closed = true;
    const open = this.#lanes.filter((l): l is Lane => l !== null);
    this.#lanes.fill(null);
    await Promise.all(open.map((l) => l.client.then((c) => c.end()).catch(() => undefined)));
    await super.end();
  }
}
