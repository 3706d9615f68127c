import type { FastifyInstance } from 'fastify';
import { badField } from './errors.js';

/**
 * DECISIONS §14 in one place for every route: text holding a NUL character or
 * an unpaired surrogate is refused with a 400 naming the field (PostgreSQL
 * stores neither, in text nor in jsonb), and a body nested deeper than
 * MAX_DEPTH is refused before anything recurses into it. Object keys count as
 * text too. Runs as a preValidation hook after the access hook, so a caller
 * without access learns nothing here either.
 */
export const MAX_DEPTH = 32;

const NUL = '\u0000';
// In unicode mode a surrogate class matches only surrogates that are not part of a pair.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why this text is refused, or null. */
export function badText(s: string): string | null {
  if (s.includes(NUL)) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(s)) return 'must not contain unpaired surrogates';
  return null;
}

/** A readable field name even when a key itself is the bad text. */
const segment = (key: string) => key.replaceAll(NUL, '\\0').replace(/[\uD800-\uDFFF]/gu, '?');

/** A raw body (a Buffer or a stream) holds no text fields. */
const isRaw = (v: object) =>
  ArrayBuffer.isView(v) || typeof (v as { pipe?: unknown }).pipe === 'function';

/** A value met on the walk, with the way back to the root (the field name is built only for a refusal). */
interface Step {
  v: unknown;
  depth: number;
  up: Step | null;
  key: string | null;
}

/** The field name of a step: the root's name, then each key down to it, dot-joined. */
function fieldOf(step: Step, root: string | null, last?: string): string | null {
  const keys: string[] = last === undefined ? [] : [last];
  for (let s: Step | null = step; s?.key != null; s = s.up) keys.push(s.key);
  if (root !== null) keys.push(root);
  return keys.length ? keys.reverse().join('.') : null;
}

/**
 * Walks a parsed value without recursion (a hostile body cannot overflow the
 * stack), in document order; throws the 400 for the first bad text or a
 * nesting deeper than maxDepth. A clean value builds no field names.
 */
export function checkInput(value: unknown, root: string | null, maxDepth = MAX_DEPTH): void {
  const stack: Step[] = [{ v: value, depth: 0, up: null, key: null }];
  while (stack.length) {
    const step = stack.pop()!;
    const { v, depth } = step;
    if (typeof v === 'string') {
      const why = badText(v);
      if (why) throw badField(fieldOf(step, root) ?? 'body', why);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) throw badField(root ?? 'body', 'is nested too deeply');
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ v: v[i], depth: depth + 1, up: step, key: String(i) });
      continue;
    }
    if (isRaw(v)) continue;
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const why = badText(key);
      if (why) throw badField(fieldOf(step, root, segment(key))!, why);
      stack.push({ v: (v as Record<string, unknown>)[key], depth: depth + 1, up: step, key });
    }
  }
}

export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Path parameters and the query string name their own fields; the body's fields are named from its root.
    checkInput(request.params, null, 2);
    checkInput(request.query, null, 3);
    if (typeof request.body === 'string') {
      const why = badText(request.body);
      if (why) throw badField('body', why);
    } else checkInput(request.body, null);
  });
}
