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

/**
 * Whether checkInput would refuse the value: the same walk without naming
 * fields, so a clean request (nearly all of them) builds no field names.
 */
function anyRefused(value: unknown, maxDepth: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [0];
  while (values.length) {
    const v = values.pop();
    const depth = depths.pop()!;
    if (typeof v === 'string') {
      if (badText(v)) return true;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return true;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        values.push(v[i]);
        depths.push(depth + 1);
      }
      continue;
    }
    if (isRaw(v)) continue;
    for (const key of Object.keys(v)) {
      if (badText(key)) return true;
      values.push((v as Record<string, unknown>)[key]);
      depths.push(depth + 1);
    }
  }
  return false;
}

/**
 * Walks a parsed value without recursion (a hostile body cannot overflow the
 * stack); throws the 400 for the first bad text or a nesting deeper than maxDepth.
 */
export function checkInput(value: unknown, root: string | null, maxDepth = MAX_DEPTH): void {
  if (!anyRefused(value, maxDepth)) return;
  const stack: { v: unknown; path: string | null; depth: number }[] = [
    { v: value, path: root, depth: 0 },
  ];
  const join = (path: string | null, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const why = badText(v);
      if (why) throw badField(path ?? 'body', why);
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) throw badField(root ?? 'body', 'is nested too deeply');
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--)
        stack.push({ v: v[i], path: join(path, String(i)), depth: depth + 1 });
      continue;
    }
    if (isRaw(v)) continue;
    const entries = Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const why = badText(key);
      if (why) throw badField(join(path, segment(key)), why);
      stack.push({ v: child, path: join(path, key), depth: depth + 1 });
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
