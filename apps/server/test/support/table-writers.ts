import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../src/db/schema/index.js';

/**
 * A static scan of the server's source for the statements that write a table:
 * Drizzle's `db.insert(t)`, `.update(t)`, `.delete(t)` on a table the file
 * imports from the schema (aliases and `import * as` included), and raw SQL
 * (`insert into t`, `update t set`, `delete from t`) anywhere. Used by
 * table-owners.test.ts.
 */

export const SRC = path.resolve(import.meta.dirname, '../../src');

/** SQL table name by the schema's export name (`companyMembers` -> `company_members`). */
export const TABLES: ReadonlyMap<string, string> = new Map(
  Object.entries(schema)
    .filter(([, v]) => is(v, PgTable))
    .map(([k, v]) => [k, getTableName(v as PgTable)]),
);

/** The writer a source file counts as: its area, or platform, seed, cli, db. */
export function writerOf(file: string): string {
  const [top, area] = file.split('/');
  return top === 'areas' ? area! : top!;
}

export interface Write {
  table: string;
  writer: string;
  file: string;
  line: number;
  how: string;
}

/** Comments out, strings kept (a `//` inside a string literal such as a URL is left alone). */
function stripComments(code: string): string {
  return code.replace(
    /("(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (m, str: string | undefined) => str ?? m.replace(/[^\n]/g, ' '),
  );
}

/** Local name -> schema export, and the names bound to the whole schema module. */
function schemaImports(code: string): { named: Map<string, string>; spaces: Set<string> } {
  const named = new Map<string, string>();
  const spaces = new Set<string>();
  for (const m of code.matchAll(
    /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'[^']*\/db\/schema[^']*'/g,
  ))
    for (const part of m[1]!.split(',')) {
      const [orig, local] = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if (orig) named.set(local ?? orig, orig);
    }
  for (const m of code.matchAll(/import\s+\*\s+as\s+(\w+)\s+from\s*'[^']*\/db\/schema[^']*'/g))
    spaces.add(m[1]!);
  return { named, spaces };
}

const lineAt = (code: string, i: number) => code.slice(0, i).split('\n').length;

export function writesIn(file: string, source: string): Write[] {
  const code = stripComments(source);
  const writer = writerOf(file);
  const out: Write[] = [];
  const { named, spaces } = schemaImports(code);
  const usesDb = named.size > 0 || spaces.size > 0 || /from\s*'drizzle-orm/.test(code);
  for (const m of code.matchAll(/\.(insert|update|delete)\(\s*([A-Za-z_$][\w$]*)(?:\.(\w+))?/g)) {
    const [, verb, id, member] = m;
    const exported = spaces.has(id!) ? member : named.get(id!);
    const table = exported && TABLES.get(exported);
    if (table) out.push({ table, writer, file, line: lineAt(code, m.index), how: verb! });
    // In a file that queries the database, a write on a name the scan cannot
    // tie to a table (a table passed around in a variable) is reported as `?`.
    else if (usesDb)
      out.push({ table: `?${id}`, writer, file, line: lineAt(code, m.index), how: verb! });
  }
  const names = new Set(TABLES.values());
  const raw =
    /\b(insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:"?public"?\.)?"?([a-z_]+)"?(\s+set\b)?/gi;
  for (const m of code.matchAll(raw)) {
    const [, verb, name, set] = m;
    const table = name!.toLowerCase();
    if (!names.has(table)) continue;
    if (verb!.toLowerCase() === 'update' && !set) continue; // English "update invoices", not SQL
    out.push({
      table,
      writer,
      file,
      line: lineAt(code, m.index),
      how: `sql ${verb!.toLowerCase()}`,
    });
  }
  return out;
}

/** Every write in the server's source (tests excluded), paths relative to src/ with `/`. */
export function scanWrites(src = SRC): Write[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.split(path.sep).join('/'))
    .sort()
    .flatMap((f) => writesIn(f, readFileSync(path.join(src, f), 'utf8')));
}

/** table -> the writers that write it, sorted. */
export function writersByTable(writes: Write[]): Map<string, string[]> {
  const by = new Map<string, Set<string>>();
  for (const w of writes)
    (by.get(w.table) ?? by.set(w.table, new Set()).get(w.table)!).add(w.writer);
  return new Map([...by].map(([t, s]) => [t, [...s].sort()]));
}
