import { and, asc, eq, sql } from 'drizzle-orm';
import type { TClientField } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { clientTypes } from '../../db/schema/index.js';

export type ClientTypeRow = typeof clientTypes.$inferSelect;

export async function listClientTypes(db: Tx, companyId: string): Promise<ClientTypeRow[]> {
  return db
    .select()
    .from(clientTypes)
    .where(eq(clientTypes.companyId, companyId))
    .orderBy(sql`lower(${clientTypes.name})`, asc(clientTypes.createdAt));
}

export async function findClientType(
  db: Tx,
  companyId: string,
  id: string,
): Promise<ClientTypeRow | undefined> {
  const [t] = await db
    .select()
    .from(clientTypes)
    .where(and(eq(clientTypes.companyId, companyId), eq(clientTypes.id, id)))
    .limit(1);
  return t;
}

export async function insertClientType(
  db: Tx,
  companyId: string,
  v: { name: string; descriptions: TClientField[] },
): Promise<string> {
  const [t] = await db
    .insert(clientTypes)
    .values({ companyId, ...v })
    .returning({ id: clientTypes.id });
  if (!t) throw new Error('insert returned nothing');
  return t.id;
}

/** False when the type is not one of the company's. */
export async function updateClientType(
  db: Tx,
  companyId: string,
  id: string,
  v: { name: string; descriptions: TClientField[] },
): Promise<boolean> {
  const rows = await db
    .update(clientTypes)
    .set(v)
    .where(and(eq(clientTypes.companyId, companyId), eq(clientTypes.id, id)))
    .returning({ id: clientTypes.id });
  return rows.length > 0;
}

/** Clients of the type keep their data; the foreign key sets their type to null. */
export async function deleteClientType(db: Tx, companyId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(clientTypes)
    .where(and(eq(clientTypes.companyId, companyId), eq(clientTypes.id, id)))
    .returning({ id: clientTypes.id });
  return rows.length > 0;
}
