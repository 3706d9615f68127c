import pg from 'pg';

/** Only statements named with this prefix (`hotRead`, db/hot-read.ts) go on a lane. */
export const HOT_READ_PREFIX = 'hot_';

/**
 * How many pipelined connections carry the hot reads, per process, on top of
 * the pool's own (`DATABASE_LANES`; docs/architecture.md, "Hot reads on PostgreSQL").
 */
export const PIPELINE_LANES = 2;

/**
 * A hot read that runs longer than this on a lane is cancelled: the reads
 * written behind it on the same connection wait for it. Hot reads take well
 * under a millisecond.
 */
export const LANE_STATEMENT_TIMEOUT_MS = 2_000;

/** A lane whose oldest unanswered read was asked this long ago is held: new reads go elsewhere. */
export const LANE_HELD_MS = 100;

/** A lane with nothing in flight for this long is closed. */
export const LANE_IDLE_MS = 30_000;

/** A lane that cannot connect within this sends its reads to the pool. */
const LANE_CONNECT_TIMEOUT_MS = 5_000;

/** After a lane failed before answering a read, no lane is opened for this long (reads go to the pool). */
export const LANE_RETRY_MS = 5_000;

/**
 * A read unanswered this long after it was asked ends its lane's connection
 * (node-postgres destroys a pipelined connection on its query timeout): a
 * connection the network lost, or a lane stuck behind a lock.
 */
const LANE_READ_TIMEOUT_MS = LANE_STATEMENT_TIMEOUT_MS + 5_000;

interface Lane {
  connection: pg.Client;
  /** Connected, and the statement timeout set: reads wait for it. */
  ready: Promise<pg.Client>;
  /** When each read on the lane not yet answered was asked (performance.now()), oldest first. */
  pending: number[];
  /** It has answered a read: a lane retired before that holds off new lanes for a while. */
  answered: boolean;
  /** When the lane last answered, for the idle close. */
  lastUsedAt: number;
  /** The connection is corked until the end of this turn of the event loop. */
  corked: boolean;
}

type PoolQuery = (...args: unknown[]) => unknown;

export interface PipelinedPoolConfig {
  connectionString: string;
  max: number;
  /** 0: every query on the pool. */
  lanes?: number;
  /** Tests: a lane's own address (one that cannot connect), its timeouts, when it counts as held. */
  laneConnectionString?: string;
  statementTimeoutMs?: number;
  heldMs?: number;
  idleMs?: number;
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

const isHotRead = (config: unknown): config is pg.QueryConfig =>
  typeof config === 'object' &&
  config !== null &&
  typeof (config as { name?: unknown }).name === 'string' &&
  (config as { name: string }).name.startsWith(HOT_READ_PREFIX);

/**
 * After these a lane's connection is not used again, as the pool drops a
 * connection after an error: the connection's own errors (anything that is not
 * an answer from the database, a FATAL, classes 08 and 57P), a prepared
 * statement the connection lost (26000) and a plan the schema changed under
 * (0A000). A statement's own error (a cancel, a bad value) leaves it in use.
 */
function losesTheLane(e: unknown): boolean {
  if (!(e instanceof pg.DatabaseError)) return true;
  const code = e.code ?? '';
  return (
    e.severity === 'FATAL' ||
    e.severity === 'PANIC' ||
    code.startsWith('08') ||
    code.startsWith('57P') ||
    code === '26000' ||
    code === '0A000'
  );
}

/**
 * A lane's address: the pool's, without the address's own query timeout and
 * application name (a lane has its own). An address in a form other than a URL
 * (node-postgres also takes `/socket/dir dbname`) is taken as it is.
 */
function laneAddress(url: string): string {
  try {
    const u = new URL(url);
    u.searchParams.delete('query_timeout');
    u.searchParams.delete('application_name');
    return u.toString();
  } catch {
    return url;
  }
}

function laneClient(address: string): pg.Client {
  return new pg.Client({
    connectionString: address,
    pipeline: true,
    application_name: 'fieldbook-lane',
    keepAlive: true,
    connectionTimeoutMillis: LANE_CONNECT_TIMEOUT_MS,
    query_timeout: LANE_READ_TIMEOUT_MS,
  });
}

/**
 * End a lane's connection after the reads already waiting for it are written
 * (they queued on `ready` first, so they run first; node-postgres then waits
 * for their answers), or at once when it never became ready.
 */
function endLane(lane: Lane): Promise<void> {
  return lane.ready
    .then(
      (c) => c.end(),
      () => lane.connection.end(),
    )
    .catch(() => undefined);
}

/**
 * A node-postgres pool whose hot reads (named `hot_…`, each a short indexed
 * read outside a transaction) share a few pipelined connections, its lanes
 * (node-postgres's `pipeline` mode): many requests' reads go out in one write
 * and come back in one read, instead of one round trip and one connection
 * each. Other queries, and transactions (a connection of their own through
 * `connect()`), are the pool's as before. The rules: docs/architecture.md,
 * "Hot reads on PostgreSQL".
 */
export class PipelinedPool extends pg.Pool {
  readonly #lanes: (Lane | null)[];
  readonly #laneUrl: string;
  readonly #statementTimeoutMs: number;
  readonly #heldMs: number;
  readonly #idleMs: number;
  #sweeper: NodeJS.Timeout | null = null;
  /** No lane is opened before this (performance.now()): the last one could not connect. */
  #openAfter = 0;
  #closed = false;

  constructor(config: PipelinedPoolConfig) {
    super({ connectionString: config.connectionString, max: config.max });
    this.#laneUrl = laneAddress(config.laneConnectionString ?? config.connectionString);
    this.#statementTimeoutMs = config.statementTimeoutMs ?? LANE_STATEMENT_TIMEOUT_MS;
    this.#heldMs = config.heldMs ?? LANE_HELD_MS;
    this.#idleMs = config.idleMs ?? LANE_IDLE_MS;
    this.#lanes = Array.from({ length: config.lanes ?? PIPELINE_LANES }, () => null);
    // An idle pooled connection lost (a database restart): the pool forgets it
    // and the next query opens another; without a listener the process would end.
    this.on('error', () => undefined);
    // Assigned rather than overridden, so callers keep the base's overloaded types.
    const poolQuery = super.query.bind(this) as PoolQuery;
    this.query = ((config: unknown, values?: unknown, callback?: unknown) =>
      isHotRead(config) &&
      callback === undefined &&
      typeof values !== 'function' &&
      !this.#closed &&
      this.#lanes.length > 0
        ? this.#onLane(config, values as unknown[] | undefined, poolQuery)
        : poolQuery(config, values, callback)) as pg.Pool['query'];
  }

  /** How many lanes are open (tests). */
  get openLanes(): number {
    return this.#lanes.filter((l) => l !== null).length;
  }

  async #onLane(config: pg.QueryConfig, values: unknown[] | undefined, poolQuery: PoolQuery) {
    const lane = this.#pick();
    if (!lane) return poolQuery(config, values);
    const askedAt = performance.now();
    lane.pending.push(askedAt);
    let client: pg.Client | null = null;
    try {
      client = await lane.ready;
    } catch {
      // The lane could not connect: nothing was sent, so the pool may take the read.
    }
    try {
      if (!client) return await poolQuery(config, values);
      holdWritesForThisTurn(lane, client);
      const result = await client.query(config, values);
      lane.answered = true;
      return result;
    } catch (e) {
      if (client && losesTheLane(e)) this.#retire(lane);
      throw e;
    } finally {
      lane.pending.splice(lane.pending.indexOf(askedAt), 1);
      lane.lastUsedAt = performance.now();
    }
  }

  /**
   * The least busy open lane that is not held (its oldest unanswered read was
   * asked `heldMs` ago or more); a new lane while some are unopened and the
   * open ones are busy; null (the pool) when there is neither.
   */
  #pick(): Lane | null {
    const now = performance.now();
    let best: Lane | null = null;
    let unopened = -1;
    for (let i = 0; i < this.#lanes.length; i++) {
      const lane = this.#lanes[i];
      if (!lane) {
        if (unopened < 0) unopened = i;
      } else if (lane.pending.length > 0 && now - lane.pending[0]! >= this.#heldMs) {
        // held: a slow read at its head
      } else if (!best || lane.pending.length < best.pending.length) best = lane;
    }
    if (unopened >= 0 && (!best || best.pending.length > 0) && now >= this.#openAfter)
      return this.#open(unopened);
    return best;
  }

  #open(i: number): Lane | null {
    let connection: pg.Client;
    try {
      connection = laneClient(this.#laneUrl);
    } catch {
      this.#openAfter = performance.now() + LANE_RETRY_MS;
      return null;
    }
    // Set once connected rather than sent at start-up, which PgBouncer refuses
    // and an address's own setting would override.
    const statementTimeout = `SET statement_timeout = ${Math.trunc(this.#statementTimeoutMs)}`;
    const now = performance.now();
    const lane: Lane = {
      connection,
      ready: connection
        .connect()
        .then(() => connection.query(statementTimeout))
        .then(() => connection),
      pending: [],
      answered: false,
      lastUsedAt: now,
      corked: false,
    };
    connection.on('error', () => this.#retire(lane));
    connection.on('end', () => this.#retire(lane));
    lane.ready.catch(() => this.#retire(lane));
    this.#lanes[i] = lane;
    this.#sweeper ??= setInterval(() => this.#closeIdle(), this.#idleMs / 3).unref();
    return lane;
  }

  /**
   * No new reads on the lane; its connection ends once the reads in flight are
   * answered. A lane retired before it answered a read (it could not connect,
   * or failed at once) holds off new lanes for `LANE_RETRY_MS`.
   */
  #retire(lane: Lane) {
    const i = this.#lanes.indexOf(lane);
    if (i < 0) return;
    this.#lanes[i] = null;
    if (!lane.answered) this.#openAfter = performance.now() + LANE_RETRY_MS;
    void endLane(lane);
  }

  #closeIdle() {
    const now = performance.now();
    for (const lane of this.#lanes)
      if (lane && lane.pending.length === 0 && now - lane.lastUsedAt >= this.#idleMs)
        this.#retire(lane);
  }

  /** Close the lanes (their reads in flight finish first), then the pool. */
  override async end(): Promise<void> {
    this.#closed = true;
    if (this.#sweeper) clearInterval(this.#sweeper);
    const open = this.#lanes.filter((l): l is Lane => l !== null);
    this.#lanes.fill(null);
    await Promise.all(open.map(endLane));
    await super.end();
  }
}
