import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEEP_DAYS,
  IDEMPOTENT_REPLAY_HEADER,
  ZIdempotencyKey,
} from '@fieldbook/core';
import type { Tx } from '../db/client.js';
import { HttpError, badField } from './errors.js';
import { claimKey, findKey, pruneKeys, storeAnswer, type KeyId } from './idempotency.repo.js';

/*
 * Exactly once (docs/offline.md, DECISIONS §18): a change sent with an
 * `Idempotency-Key` header is applied once per company, user and key. The key
 * is stored with the change's answer in the change's own transaction, so a
 * failed change stores nothing and a committed one is answered again, as
 * stored, with `Idempotent-Replayed: true`, changing nothing.
 */

/** A request's key: who sent it, the key, the request's fingerprint; `replayed` once answered from the store. */
export interface IdempotencyKey extends KeyId {
  fingerprint: string;
  /** Set when the answer is the stored one of an earlier request (skip effects after the commit). */
  replayed: boolean;
}

/** The optional header in a route's schema (OpenAPI documents it; a bad one is a 400 naming it). */
export const idempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: ZIdempotencyKey.optional().describe(
    'A key made with the change (a UUID): a change is applied once per key; a repeat is answered the stored answer with `Idempotent-Replayed: true`. Kept ' +
      `${IDEMPOTENCY_KEEP_DAYS} days; the same key with another request is a 422.`,
  ),
});

/** Keys older than the keep time pruned per new key (the company's, oldest by the age index). */
const PRUNE_PER_KEY = 100;
const KEY_REUSED = 'This Idempotency-Key was used for a different request';
const HEADER_NAME = 'Idempotency-Key';

/** JSON with object keys sorted, so two bodies that are the same give one fingerprint. */
function canonical(v: unknown): string {
  if (v instanceof Date) return JSON.stringify(v.toISOString());
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object' && !Buffer.isBuffer(v))
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

/** A SHA-256 of the parts (text, JSON, or bytes as they are), each length-prefixed. */
export function fingerprintOf(parts: unknown[]): string {
  const h = createHash('sha256');
  for (const p of parts) {
    const b = Buffer.isBuffer(p) ? p : Buffer.from(typeof p === 'string' ? p : canonical(p));
    h.update(`${b.length}:`).update(b);
  }
  return h.digest('base64url');
}

/**
 * The request's key, or null without the header. The fingerprint is the
 * route, its path ids and the validated body, unless `parts` says otherwise
 * (an upload: the job, the kind and the file's bytes).
 */
export function keyOf(req: FastifyRequest, parts?: unknown[]): IdempotencyKey | null {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = ZIdempotencyKey.safeParse(raw);
  if (!key.success) throw badField(HEADER_NAME, key.error.issues[0]?.message ?? 'is invalid');
  if (!req.company || !req.user) throw new Error(`${req.routeOptions.url} is not company-scoped`);
  const params = Object.fromEntries(
    Object.entries((req.params ?? {}) as Record<string, string>).map(([k, v]) => [
      k,
      v.toLowerCase(),
    ]),
  );
  return {
    companyId: req.company.id,
    userId: req.user.id,
    key: key.data,
    fingerprint: fingerprintOf(
      parts ?? [`${req.method} ${req.routeOptions.url}`, params, req.body ?? null],
    ),
    replayed: false,
  };
}

/**
 * A route's change with the request's key: `run` is the service call, given
 * the key (null without the header); a replayed answer carries
 * `Idempotent-Replayed: true`.
 */
export async function keyed<A>(
  req: FastifyRequest,
  reply: FastifyReply,
  run: (key: IdempotencyKey | null) => Promise<A>,
  parts?: unknown[],
): Promise<A> {
  const key = keyOf(req, parts);
  const answer = await run(key);
  if (key?.replayed) void reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
  return answer;
}

/** The stored answer of a stored key: 422 when it was made for another request. */
function replay<A>(key: IdempotencyKey, row: { requestHash: string; answer: unknown }): A {
  if (row.requestHash !== key.fingerprint)
    throw new HttpError(422, KEY_REUSED, { [HEADER_NAME]: 'was used for a different request' });
  key.replayed = true;
  return row.answer as A;
}

/**
 * The stored answer when the key was committed already (a service asks before
 * its checks outside the transaction, so a replay is answered as it was even
 * when the job has moved on since); undefined otherwise.
 */
export async function storedAnswer<A>(db: Tx, key: IdempotencyKey | null): Promise<A | undefined> {
  if (!key) return undefined;
  const row = await findKey(db, key);
  return row ? replay<A>(key, row) : undefined;
}

/**
 * Runs `change` once per key, inside the caller's transaction `tx` (first in
 * it, before the change takes any lock): the key is taken, the change runs and
 * its answer (JSON) is stored in the key's row. A key taken already answers the
 * stored answer (marking the key replayed) without running the change; a
 * concurrent request with the key waits for the first's transaction and is
 * answered the same. Without a key the change just runs.
 */
export async function once<A>(
  tx: Tx,
  key: IdempotencyKey | null,
  change: () => Promise<A>,
): Promise<A> {
  if (!key) return change();
  if (!(await claimKey(tx, key, key.fingerprint))) {
    const row = await findKey(tx, key);
    // Pruned (kept days over) between the two statements: nothing to answer; the retry runs it.
    if (!row) throw new HttpError(409, 'This request is being retried; try again');
    return replay<A>(key, row);
  }
  await pruneKeys(tx, key.companyId, IDEMPOTENCY_KEEP_DAYS, PRUNE_PER_KEY);
  const answer = await change();
  await storeAnswer(tx, key, answer);
  return answer;
}
