import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { TComponent, TLogEntry, TStatus } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { appointmentTypes, appointments, companies } from '../../db/schema/index.js';

export type TypeRow = typeof appointmentTypes.$inferSelect;
export interface TypeWrite {
  name: string;
  description: string;
  icon: string;
  color: string;
  statuses: TStatus[];
  components: TComponent[];
  order: number;
}

/**
 * The company's types in list order (the first is a new job's default).
 * `share` locks them against a type save until the transaction ends: a job
 * save takes this lock before its job's row, and a type save changes its
 * type before its jobs, so the two never wait for each other in a circle and
 * `active` is computed from the type as committed.
 */
export async function listTypes(
  db: Tx,
  companyId: string,
  opts: { share?: boolean } = {},
): Promise<TypeRow[]> {
  const q = db
    .select()
    .from(appointmentTypes)
    .where(eq(appointmentTypes.companyId, companyId))
    .orderBy(
      asc(appointmentTypes.order),
      asc(appointmentTypes.createdAt),
      asc(appointmentTypes.id),
    );
  return opts.share ? q.for('share') : q;
}

/** One type; `update` locks its row until the transaction ends (a type save). */
export async function findType(
  db: Tx,
  companyId: string,
  id: string,
  opts: { update?: boolean } = {},
): Promise<TypeRow | null> {
  const q = db
    .select()
    .from(appointmentTypes)
    .where(and(eq(appointmentTypes.companyId, companyId), eq(appointmentTypes.id, id)))
    .limit(1);
  const [t] = await (opts.update ? q.for('update') : q);
  return t ?? null;
}

/**
 * Serialises creating types in one company (the count limit), with a lock on
 * the company's row that does not block rows referring to it (NO KEY UPDATE).
 */
export async function lockTypeCreation(db: Tx, companyId: string) {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
}

export async function countTypes(db: Tx, companyId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointmentTypes)
    .where(eq(appointmentTypes.companyId, companyId));
  return r?.n ?? 0;
}

/** Whether another type of the company has this name (ignoring case, as the unique index does). */
export async function nameTaken(
  db: Tx,
  companyId: string,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const [t] = await db
    .select({ id: appointmentTypes.id })
    .from(appointmentTypes)
    .where(
      and(
        eq(appointmentTypes.companyId, companyId),
        sql`lower(${appointmentTypes.name}) = lower(${name})`,
        exceptId ? ne(appointmentTypes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!t;
}

/** Inserts types; one whose name the company already has is skipped (ON CONFLICT DO NOTHING). */
export async function insertTypesIfAbsent(db: Tx, companyId: string, list: TypeWrite[]) {
  if (list.length === 0) return;
  await db
    .insert(appointmentTypes)
    .values(list.map((t) => ({ ...t, companyId })))
    .onConflictDoNothing();
}

export async function insertType(db: Tx, companyId: string, v: TypeWrite) {
  const [t] = await db
    .insert(appointmentTypes)
    .values({ ...v, companyId })
    .returning({ id: appointmentTypes.id, updatedAt: appointmentTypes.updatedAt });
  if (!t) throw new Error('insert returned nothing');
  return t;
}

export async function updateType(
  db: Tx,
  companyId: string,
  id: string,
  v: TypeWrite & { updatedAt: Date },
) {
  await db
    .update(appointmentTypes)
    .set(v)
    .where(and(eq(appointmentTypes.companyId, companyId), eq(appointmentTypes.id, id)));
}

/** A status renamed in the designer: its jobs follow it (where they are, and their last status). */
export async function renameJobStatus(
  db: Tx,
  companyId: string,
  typeId: string,
  from: string,
  to: string,
) {
  for (const col of [appointments.status, appointments.lastStatus])
    await db
      .update(appointments)
      .set(col === appointments.status ? { status: to } : { lastStatus: to })
      .where(
        and(
          eq(appointments.companyId, companyId),
          eq(appointments.appointmentTypeId, typeId),
          eq(col, from),
        ),
      );
}

/**
 * Recomputes `active` for every job of the type: inactive exactly when it is
 * scheduled in one of `hidden` (final or hidden statuses).
 */
export async function recomputeActive(db: Tx, companyId: string, typeId: string, hidden: string[]) {
  const inHidden = hidden.length
    ? sql`(${appointments.hasSchedule} and ${appointments.status} in (${sql.join(
        hidden.map((h) => sql`${h}`),
        sql`, `,
      )}))`
    : sql`false`;
  await db
    .update(appointments)
    .set({ active: sql`not coalesce(${inHidden}, false)` })
    .where(
      and(
        eq(appointments.companyId, companyId),
        eq(appointments.appointmentTypeId, typeId),
        sql`${appointments.active} is distinct from not coalesce(${inHidden}, false)`,
      ),
    );
}

/** Whether the error is a unique-index violation (a race the pre-check lost). */
export function isUniqueViolation(e: unknown): boolean {
  for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x)
    if (x.code === '23505') return true;
  return false;
}

/** How many jobs of the company are of the type. */
export async function countTypeJobs(db: Tx, companyId: string, typeId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), eq(appointments.appointmentTypeId, typeId)));
  return r?.n ?? 0;
}

/**
 * Moves every job of type `from` to type `to` (a type being deleted): a
 * status `to` has is kept, any other becomes `to`'s first (core's
 * statusAfterTypeMove, in SQL); the last status is kept only when `to` has
 * it; `active` follows `to`'s hidden statuses; `entry` tops the log (the
 * newest LOG_LIMIT kept). Answers how many moved.
 */
export async function moveTypeJobs(
  db: Tx,
  companyId: string,
  from: string,
  to: { id: string; names: string[]; first: string; hidden: string[] },
  entry: TLogEntry,
  logLimit: number,
): Promise<number> {
  const list = (xs: string[]) =>
    xs.length
      ? sql.join(
          xs.map((x) => sql`${x}`),
          sql`, `,
        )
      : sql`null`;
  const status = sql`case when ${appointments.status} is null then null when ${appointments.status} in (${list(to.names)}) then ${appointments.status} else ${to.first}::text end`;
  const log = sql`${JSON.stringify([entry])}::jsonb || ${appointments.log}`;
  const rows = await db
    .update(appointments)
    .set({
      appointmentTypeId: to.id,
      status,
      lastStatus: sql`case when ${appointments.lastStatus} in (${list(to.names)}) then ${appointments.lastStatus} else null end`,
      active: sql`not coalesce(${appointments.hasSchedule} and (${status}) in (${list(to.hidden)}), false)`,
      log: sql`(select coalesce(jsonb_agg(e order by i), '[]'::jsonb)
        from jsonb_array_elements(${log}) with ordinality as t(e, i) where i <= ${logLimit})`,
      updatedAt: new Date(),
    })
    .where(and(eq(appointments.companyId, companyId), eq(appointments.appointmentTypeId, from)))
    .returning({ id: appointments.id });
  return rows.length;
}

export async function deleteType(db: Tx, companyId: string, id: string): Promise<void> {
  await db
    .delete(appointmentTypes)
    .where(and(eq(appointmentTypes.companyId, companyId), eq(appointmentTypes.id, id)));
}
