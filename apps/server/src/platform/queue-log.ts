import type { FastifyBaseLogger } from 'fastify';
import type { QueueJobRow } from './queue.repo.js';

export type LogLine = (message: string, error?: unknown) => void;

/**
 * The queue worker's logs: `log` for the worker's own lines, and per job a
 * child of the JSON logger carrying the job and the id of the request that
 * enqueued it (`reqId`; docs/deploy.md, "Metrics and logs"). Without a
 * logger, `log` (default: the console) takes every line and `info` is dropped.
 */
export function workerLogs(opts: { log?: LogLine; logger?: FastifyBaseLogger }) {
  const error = (l: FastifyBaseLogger) => (m: string, e?: unknown) =>
    l.error(e === undefined ? {} : { err: e }, m);
  const logger = opts.logger;
  const log: LogLine = opts.log ?? (logger ? error(logger) : (m, e) => console.error(m, e ?? ''));
  const logOf = (job: QueueJobRow): { info: (m: string) => void; error: LogLine } => {
    if (!logger) return { info: () => {}, error: log };
    const child = logger.child({
      ...(job.requestId && { reqId: job.requestId }),
      queueJob: job.id,
      kind: job.kind,
    });
    return { info: (m) => child.info(m), error: error(child) };
  };
  return { log, logOf };
}
