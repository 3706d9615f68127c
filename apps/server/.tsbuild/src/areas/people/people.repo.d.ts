import type { Tx } from '../../db/client.js';
import { people } from '../../db/schema/index.js';
export type PersonRow = typeof people.$inferSelect;
type PersonFields = Omit<typeof people.$inferInsert, 'id' | 'ownerId' | 'createdAt'>;
/** People belong to the user who made them; every query filters on the owner. */
export declare function listPeople(db: Tx, ownerId: string): Promise<PersonRow[]>;
export declare function getPerson(db: Tx, ownerId: string, id: string): Promise<PersonRow | null>;
export declare function insertPerson(db: Tx, ownerId: string, v: PersonFields): Promise<string>;
export declare function updatePerson(
  db: Tx,
  ownerId: string,
  id: string,
  v: Partial<PersonFields>,
): Promise<boolean>;
export {};
