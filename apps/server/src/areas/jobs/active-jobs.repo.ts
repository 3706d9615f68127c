import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  appointmentTypes,
  appointments as a,
  cardChanges,
  clients,
} from '../../db/schema/index.js';
import { rowsOf } from '../../db/rows.js';

/**
 * Whether one member may not see the assignee (hideAssignee, the only
 * permission that touches a card's fields), by place: `typeId` for a job of
 * that type with no status of it (Unscheduled, Scheduled, a name the type no
 * longer has) and `typeId + '\n' + status` for each status of the type.
 */
export type HideAssigneeByPlace = Record<string, boolean>;

const iso = (c: unknown) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const noNull = (c: unknown) => sql`nullif(${c}, 'null'::jsonb)`;

/**
 * The board's active jobs as one JSON text of cards (`TJobCard[]`, by
 * sortOrder, start and number): the card fields of `presentJob` written in
 * SQL, so a thousand jobs cost Node no row decoding and no stringify, and the
 * database reads no values, lines or log (docs/performance.md, "Jobs").
 * `hideAssignee` says by place whether the member may see the assignee
 * (computed in JS by `jobView`, once per type and status), `names` the assignee names. Keep in step
 * with `presentJob`: test/jobs/jobs-active-json.test.ts compares the two.
 */
export async function listActiveCardsJson(
  db: Tx,
  companyId: string,
  hideAssignee: HideAssigneeByPlace,
  names: Record<string, string>,
  range?: CardRange,
): Promise<string> {
  const r = await db.execute(activeCardsQuery(companyId, hideAssignee, names, range));
  return rowsOf<{ json: string }>(r)[0]?.json ?? '[]';
}

/**
 * Instead of the active jobs: the scheduled jobs (active or not) overlapping
 * [from, to), for the calendar; optionally of some types only.
 */
export interface CardRange {
  from: Date;
  to: Date;
  typeIds?: string[];
}

/** The query of `listActiveCardsJson`, apart so the bench can EXPLAIN it. */
export function activeCardsQuery(
  companyId: string,
  hideAssignee: HideAssigneeByPlace,
  names: Record<string, string>,
  range?: CardRange,
) {
  const place = sql`case when ${a.hasSchedule} then ${a.appointmentTypeId}::text || E'\n' || ${a.status} end`;
  const byPlace = sql`${JSON.stringify(hideAssignee)}::jsonb`;
  // As placeStatus: the status it is in, else (Unscheduled, Scheduled, a name
  // the type lost) the last status of its type it was in, else none.
  const last = sql`${a.appointmentTypeId}::text || E'\n' || ${a.lastStatus}`;
  const hide = sql`coalesce((${byPlace}->>(${place}))::boolean, (${byPlace}->>(${last}))::boolean,
    (${byPlace}->>(${a.appointmentTypeId}::text))::boolean, false)`;
  const assigned = sql`case when ${hide} then '[]'::jsonb else (
      select coalesce(jsonb_agg(jsonb_build_object('userId', u.id,
        'name', coalesce(${JSON.stringify(names)}::jsonb->>u.id, '')) order by u.n), '[]'::jsonb)
      from jsonb_array_elements_text(${a.assignedUsers}) with ordinality as u(id, n)) end`;
  const position = sql`coalesce(${noNull(a.googlePosition)}, ${noNull(clients.googlePosition)})`;
  const row = sql`json_build_object(
    '_id', ${a.id}, 'appointmentNumber', ${a.appointmentNumber},
    'appointmentTypeId', ${a.appointmentTypeId},
    'appointmentType', coalesce(${appointmentTypes.name}, ''),
    'status', ${a.status},
    'shownStatus', case when not ${a.hasSchedule} then 'Unscheduled'
      when coalesce(${a.status}, '') = '' then 'Scheduled' else ${a.status} end,
    'hasSchedule', ${a.hasSchedule},
    'startDate', ${iso(a.startDate)}, 'endDate', ${iso(a.endDate)},
    'isAllDayEvent', ${a.isAllDayEvent}, 'priority', ${a.priority},
    'userId', case when ${hide} then null else ${a.userId} end,
    'assignedUsers', ${assigned},
    'entityId', ${a.entityId},
    'clientName', coalesce(${clients.name}, ''), 'clientSurname', coalesce(${clients.surname}, ''),
    'faultDescription', ${a.faultDescription},
    'googlePosition', ${position}, 'positionVerified', ${position} is not null,
    'order', ${a.order}, 'sortOrder', ${a.sortOrder}, 'displayOrder', ${a.displayOrder},
    'invoiceId', ${a.invoiceId}, 'updatedAt', ${iso(a.updatedAt)}, 'address', ${a.address})`;
  return sql`
    select coalesce(json_agg(${row}
      order by ${a.sortOrder}, ${a.startDate}, ${a.appointmentNumber}), '[]')::text as json
    from ${a}
    left join ${clients} on ${clients.id} = ${a.entityId} and ${clients.companyId} = ${a.companyId}
    left join ${appointmentTypes} on ${appointmentTypes.id} = ${a.appointmentTypeId}
      and ${appointmentTypes.companyId} = ${a.companyId}
    where ${a.companyId} = ${companyId} and ${range ? inRange(range) : a.active}`;
}

/** As listRange: overlapping, or starting inside (a job that ends when it starts). */
function inRange({ from, to, typeIds }: CardRange) {
  const types = typeIds?.length
    ? sql` and ${a.appointmentTypeId}::text in (${sql.join(
        typeIds.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;
  return sql`${a.hasSchedule} and ${a.startDate} < ${to.toISOString()}
    and (${a.endDate} > ${from.toISOString()} or ${a.startDate} >= ${from.toISOString()})${types}`;
}

/**
 * The company's card stamp: count, sum and last id of its `card_changes` rows
 * (written by the triggers of migration 0022). Any change committed since
 * gives another stamp: rows are only added, and pruning takes rows over an
 * hour old, whose ids are all below any a running transaction could add.
 */
export async function cardStamp(db: Tx, companyId: string): Promise<string> {
  const [r] = await db
    .select({
      n: sql<string>`count(*)`,
      sum: sql<string>`coalesce(sum(${cardChanges.id}), 0)`,
      last: sql<string>`coalesce(max(${cardChanges.id}), 0)`,
    })
    .from(cardChanges)
    .where(sql`${cardChanges.companyId} = ${companyId}`);
  return `${r?.n}:${r?.sum}:${r?.last}`;
}

/** Drops card changes older than `minutes` (the job reminders' tick); answers how many. */
export async function pruneCardChanges(db: Tx, minutes: number): Promise<number> {
  const rows = await db
    .delete(cardChanges)
    .where(sql`${cardChanges.at} < now() - ${minutes}::int * interval '1 minute'`)
    .returning({ id: cardChanges.id });
  return rows.length;
}
