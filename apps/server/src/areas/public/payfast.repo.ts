import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies } from '../../db/schema/index.js';

/**
 * Companies whose PayFast merchant id is `merchantId`. Deliberately not
 * scoped to a company: a notification that does not name its company
 * (custom_str1) can only be traced through the merchant it was paid to.
 */
export async function unsafeCompanyIdsByMerchant(db: Tx, merchantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companies.payfast}->>'merchantId' = ${merchantId}`)
    .limit(2);
  return rows.map((r) => r.id);
}
