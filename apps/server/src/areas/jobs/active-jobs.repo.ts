import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  appointmentTypes,
  appointments as a,
  clients,
  jobComments,
} from '../../db/schema/index.js';

/**
 * What one member may not see of the jobs in one place (a type and a status):
 * `h` the hidden component props, `i` lineItems answered empty, `p` line
 * prices left out, `a` the assignee left out. The same flags as `JobView`.
 */
export interface ViewFlags {
  h: string[];
  i: boolean;
  p: boolean;
  a: boolean;
}

/**
 * Views by place: `typeId` for a job of that type with no status of it
 * (Unscheduled, Scheduled, a name the type no longer has) and
 * `typeId + '\n' + status` for each status of the type.
 */
export type ViewsByPlace = Record<string, ViewFlags>;

const iso = (c: unknown) => sql`to_char(${c} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const noNull = (c: unknown) => sql`nullif(${c}, 'null'::jsonb)`;

/**
 * The board's active jobs as one JSON text (`TAppointment[]`, by sortOrder,
 * start and number): `presentJob` written in SQL, so a thousand jobs cost
 * Node no row decoding, no date or decimal conversion and no stringify
 * (docs/performance.md, "Jobs"). The member's permissions come in as `views`
 * (computed in JS by `jobView`, once per type and status) and assignee names
 * as `names`; each job picks its place's view in a lateral join. Keep in
 * step with `presentJob`: test/jobs-active-json.test.ts compares the two.
 */
export async function listActiveJson(
  db: Tx,
  companyId: string,
  views: ViewsByPlace,
  names: Record<string, string>,
): Promise<string> {
  const v = sql`pv.v`;
  const flag = (k: keyof ViewFlags) => sql`coalesce((${v}->>${k})::boolean, false)`;
  const line = sql`e.l || jsonb_build_object(
      'qty', coalesce(${noNull(sql`e.l->'qty'`)}, '1'::jsonb),
      'price', round((e.l->>'price')::numeric, 2),
      'ledgerAccountId', coalesce(e.l->'ledgerAccountId', 'null'::jsonb),
      'itemId', coalesce(e.l->'itemId', 'null'::jsonb))`;
  const lineItems = sql`case when ${flag('i')} then '[]'::jsonb else (
      select coalesce(jsonb_agg(case when ${flag('p')} then (${line}) - 'price' else ${line} end
        order by e.n), '[]'::jsonb)
      from jsonb_array_elements(${a.lineItems}) with ordinality as e(l, n)) end`;
  const assigned = sql`case when ${flag('a')} then '[]'::jsonb else (
      select coalesce(jsonb_agg(jsonb_build_object('userId', u.id,
        'name', coalesce(${JSON.stringify(names)}::jsonb->>u.id, '')) order by u.n), '[]'::jsonb)
      from jsonb_array_elements_text(${a.assignedUsers}) with ordinality as u(id, n)) end`;
  const hidden = sql`array(select jsonb_array_elements_text(coalesce(${v}->'h', '[]'::jsonb)))`;
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
    'isAllDayEvent', ${a.isAllDayEvent}, 'sendClientReminder', ${a.sendClientReminder},
    'priority', ${a.priority},
    'userId', case when ${flag('a')} then null else ${a.userId} end,
    'assignedUsers', ${assigned},
    'entityId', ${a.entityId},
    'clientName', coalesce(${clients.name}, ''), 'clientSurname', coalesce(${clients.surname}, ''),
    'name', concat_ws(' ', nullif(${clients.name}, ''), nullif(${clients.surname}, '')),
    'faultDescription', ${a.faultDescription}, 'resolution', ${a.resolution},
    'lineItems', ${lineItems},
    'discount', ${a.discount}, 'to', ${a.to}, 'toEmail', ${a.toEmail}, 'address', ${a.address},
    'googlePosition', ${position}, 'positionVerified', ${position} is not null,
    'values', ${a.values} - ${hidden},
    'log', ${a.log}, 'invoiceId', ${a.invoiceId},
    'order', ${a.order}, 'sortOrder', ${a.sortOrder}, 'depart', ${iso(a.depart)},
    'distance', ${a.distance}, 'duration', ${a.duration},
    'displayOrder', ${a.displayOrder}, 'progress', ${a.progress},
    'dependencies', ${a.dependencies}, 'publicKey', ${a.publicKey},
    'createdDate', ${iso(a.createdAt)}, 'updatedAt', ${iso(a.updatedAt)},
    'commentCount', (select count(*)::int from ${jobComments}
      where ${jobComments.appointmentId} = ${a.id}))`;
  const place = sql`case when ${a.hasSchedule} then ${a.appointmentTypeId}::text || E'\n' || ${a.status} end`;
  // node-postgres and PGlite both answer { rows }; the shared Db type does not say so.
  const r = (await db.execute(sql`
    select coalesce(json_agg(${row}
      order by ${a.sortOrder}, ${a.startDate}, ${a.appointmentNumber}), '[]')::text as json
    from ${a}
    left join ${clients} on ${clients.id} = ${a.entityId} and ${clients.companyId} = ${a.companyId}
    left join ${appointmentTypes} on ${appointmentTypes.id} = ${a.appointmentTypeId}
      and ${appointmentTypes.companyId} = ${a.companyId}
    cross join lateral (select coalesce(${JSON.stringify(views)}::jsonb->(${place}),
      ${JSON.stringify(views)}::jsonb->(${a.appointmentTypeId}::text), '{}'::jsonb) as v) pv
    where ${a.companyId} = ${companyId} and ${a.active}`)) as unknown as {
    rows: { json: string }[];
  };
  return r.rows[0]?.json ?? '[]';
}
