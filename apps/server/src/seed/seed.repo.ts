import { count } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { users } from '../db/schema/index.js';

export async function countUsers(db: Tx): Promise<number> {
  const [r] = await db.select({ n: count() }).from(users);
  return r?.n ?? 0;
}
