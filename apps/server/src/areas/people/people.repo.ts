import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { people } from '../../db/schema/index.js';

export type PersonRow = typeof people.$inferSelect;
type PersonFields = Omit<typeof people.$inferInsert, 'id' | 'ownerId' | 'createdAt'>;

/** People belong to the user who made them; every query filters on the owner. */
export async function listPeople(db: Tx, ownerId: string): Promise<PersonRow[]> {
  return db
    .select()
    .from(people)
    .where(eq(people.ownerId, ownerId))
    .orderBy(asc(people.name), asc(people.surname));
}

export async function getPerson(db: Tx, ownerId: string, id: string): Promise<PersonRow | null> {
  const [p] = await db
    .select()
    .from(people)
    .where(and(eq(people.ownerId, ownerId), eq(people.id, id)))
    .limit(1);
  return p ?? null;
}

export async function insertPerson(db: Tx, ownerId: string, v: PersonFields): Promise<string> {
  const [p] = await db
    .insert(people)
    .values({ ...v, ownerId })
    .returning({ id: people.id });
  if (!p) throw new Error('insert returned nothing');
  return p.id;
}

export async function updatePerson(
  db: Tx,
  ownerId: string,
  id: string,
  v: Partial<PersonFields>,
): Promise<boolean> {
  const rows = await db
    .update(people)
    .set(v)
    .where(and(eq(people.ownerId, ownerId), eq(people.id, id)))
    .returning({ id: people.id });
  return rows.length > 0;
}
