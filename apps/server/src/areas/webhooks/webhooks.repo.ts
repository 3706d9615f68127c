import { and, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const endpointOf = (companyId: string, id: string) =>
  and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id));

export async function listEndpoints(db: Tx, companyId: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
}

export async function countEndpoints(db: Tx, companyId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId));
  return r?.n ?? 0;
}

/**
 * Holds the company's endpoint list for the caller's transaction (an advisory
 * lock, released at commit), so two saves at once cannot both pass the cap.
 */
export async function lockCompanyEndpoints(db: Tx, companyId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${companyId}`}, 0))`,
  );
}

export async function findEndpoint(
  db: Tx,
  companyId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<EndpointRow | null> {
  const q = db.select().from(webhookEndpoints).where(endpointOf(companyId, id)).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertEndpoint(
  db: Tx,
  companyId: string,
  v: { url: string; description: string; events: string[]; secretSealed: string },
): Promise<EndpointRow> {
  const [row] = await db
    .insert(webhookEndpoints)
    .values({ ...v, companyId })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function updateEndpoint(
  db: Tx,
  companyId: string,
  id: string,
  patch: Partial<
    Pick<EndpointRow, 'url' | 'description' | 'events' | 'secretSealed' | 'enabled'>
  > & { disabledReason?: string | null },
): Promise<EndpointRow | null> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...patch, updatedAt: new Date() })
    .where(endpointOf(companyId, id))
    .returning();
  return row ?? null;
}

export async function deleteEndpoint(db: Tx, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(endpointOf(companyId, id))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function insertDeliveries(
  db: Tx,
  rows: {
    companyId: string;
    endpointId: string;
    messageId: string;
    eventType: string;
    body: string;
  }[],
): Promise<{ id: string; endpointId: string }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(webhookDeliveries)
    .values(rows)
    .returning({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId });
}

/**
 * An endpoint's deliveries of `eventTypes`, newest first, `limit` of them
 * older than `before` (a seq).
 */
export async function listDeliveries(
  db: Tx,
  companyId: string,
  endpointId: string,
  {
    limit,
    eventTypes,
    before,
  }: { limit: number; eventTypes: string[]; before?: number | undefined },
): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, companyId),
        eq(webhookDeliveries.endpointId, endpointId),
        inArray(webhookDeliveries.eventType, eventTypes),
        before ? lt(webhookDeliveries.seq, before) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.seq))
    .limit(limit);
}

export async function findDelivery(
  db: Tx,
  companyId: string,
  id: string,
): Promise<DeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)))
    .limit(1);
  return row ?? null;
}

export async function updateDelivery(
  db: Tx,
  companyId: string,
  id: string,
  patch: Partial<
    Pick<
      DeliveryRow,
      | 'attempt'
      | 'status'
      | 'responseStatus'
      | 'responseBody'
      | 'error'
      | 'lastAttemptAt'
      | 'nextAttemptAt'
      | 'deliveredAt'
    >
  >,
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set(patch)
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, id)));
}

/**
 * Keeps an endpoint's log to its newest `keep` rows: older finished ones
 * (delivered, gave-up) go; those still being tried stay until they finish.
 * One index range read and a bounded delete; rows another transaction holds
 * are skipped (the next write takes them), so two writers never wait on each other.
 */
export async function pruneDeliveries(
  db: Tx,
  companyId: string,
  endpointId: string,
  keep: number,
): Promise<void> {
  const ofEndpoint = and(
    eq(webhookDeliveries.companyId, companyId),
    eq(webhookDeliveries.endpointId, endpointId),
  );
  const [edge] = await db
    .select({ seq: webhookDeliveries.seq })
    .from(webhookDeliveries)
    .where(ofEndpoint)
    .orderBy(desc(webhookDeliveries.seq))
    .offset(keep)
    .limit(1);
  if (!edge) return;
  const old = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        ofEndpoint,
        sql`${webhookDeliveries.seq} <= ${edge.seq}`,
        inArray(webhookDeliveries.status, ['delivered', 'gave-up']),
      ),
    )
    .for('update', { skipLocked: true });
  await db.delete(webhookDeliveries).where(inArray(webhookDeliveries.id, old));
}
