import { randomUUID } from 'node:crypto';

/** A JSON schema as @fastify/swagger writes it from the zod contracts (the parts the fuzzer reads). */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
}

/** Nested `n` deep: more than the input guard takes. */
export const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};

/**
 * What an attacker sends in place of any one field: bad characters, huge
 * text, wrong types, deep nesting, negative and huge numbers, bogus ids.
 */
export const HOSTILE: unknown[] = [
  'a\u0000b',
  'x\ud800y',
  '\udfff',
  'word '.repeat(20_000),
  'x'.repeat(10_000),
  '',
  '   ',
  12345,
  -1,
  -1e308,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  1e-300,
  0.005,
  true,
  null,
  {},
  [],
  [1, 'a', null],
  deep(40),
  '2026-02-30',
  '99999-01-01',
  'not-a-uuid',
  randomUUID(),
  '<img src=x onerror=alert(1)>',
  "'; drop table clients; --",
];

/** What a bogus path id looks like. */
export const BOGUS_IDS = [
  'not-a-uuid',
  randomUUID(),
  '00000000-0000-0000-0000-000000000000',
  '%00',
  '%ED%A0%80',
  '..%2F..%2Fetc',
];

/** Hostile query-string values (already URL-encoded). */
export const HOSTILE_QUERY = [
  '%00',
  '%ED%A0%80',
  '%F0%9F',
  'x'.repeat(5000),
  '-1',
  '1e308',
  '2026-02-30',
  'abc',
  '',
  '%5B%5D',
];

/** The first alternative that is not null, with allOf merged. */
export function resolve(s: Schema | undefined): Schema {
  if (!s) return {};
  const alt = s.anyOf ?? s.oneOf;
  if (alt) return resolve(alt.find((a) => a.type !== 'null') ?? alt[0]);
  if (s.allOf) return s.allOf.reduce<Schema>((acc, a) => ({ ...acc, ...resolve(a) }), {});
  return s;
}

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/**
 * A plausible valid value, so that one hostile field at a time gets past the
 * others; `refs` gives real ids by field name (entityId -> a real client).
 */
export function example(
  schema: Schema | undefined,
  name: string,
  refs: Record<string, unknown>,
): unknown {
  const s = resolve(schema);
  if (name in refs) return refs[name];
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = example(s.properties?.[k], k, refs);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () =>
        example(s.items, name, refs),
      );
    case 'number':
    case 'integer':
      return Math.min(s.maximum ?? Infinity, Math.max(s.minimum ?? 1, 1));
    case 'boolean':
      return false;
    case 'string': {
      if (s.format === 'email' || /email/i.test(name)) return 'fuzz@example.test';
      if (s.format === 'uuid' || /Id$/.test(name)) return randomUUID();
      if (/date/i.test(name)) return '2026-03-15';
      return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    }
    default:
      return 'x';
  }
}

/** Every field path worth attacking: properties, nested objects, the first item of arrays. */
export function fieldPaths(
  schema: Schema | undefined,
  prefix: (string | number)[] = [],
  depth = 0,
): (string | number)[][] {
  const s = resolve(schema);
  if (depth > 3) return [];
  const t = typeOf(s);
  if (t === 'object' && s.properties) {
    return Object.entries(s.properties).flatMap(([k, child]) => [
      [...prefix, k],
      ...fieldPaths(child, [...prefix, k], depth + 1),
    ]);
  }
  if (t === 'array') return fieldPaths(s.items, [...prefix, 0], depth + 1);
  return [];
}

/** The schema at a path (array indexes step into items). */
function schemaAt(schema: Schema | undefined, path: (string | number)[]): Schema | undefined {
  let s: Schema | undefined = schema;
  for (const p of path) s = typeof p === 'number' ? resolve(s).items : resolve(s).properties?.[p];
  return s;
}

/** A copy of `base` with `value` at `path`, parents filled with valid examples. */
export function withValue(
  schema: Schema | undefined,
  base: unknown,
  path: (string | number)[],
  value: unknown,
  refs: Record<string, unknown>,
): unknown {
  const root = structuredClone(base) as Record<string | number, unknown>;
  let cur = root;
  path.forEach((p, i) => {
    if (i === path.length - 1) {
      cur[p] = value;
      return;
    }
    if (cur[p] === null || typeof cur[p] !== 'object')
      cur[p] = example(schemaAt(schema, path.slice(0, i + 1)), String(p), refs);
    cur = cur[p] as Record<string | number, unknown>;
  });
  return root;
}
