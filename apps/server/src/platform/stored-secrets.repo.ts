import { or, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { companies } from '../db/schema/index.js';

/** One sealed secret of each kind the database holds (company SMTP passwords, PayFast passphrases). */
export async function sampleSealedSecrets(db: Tx): Promise<{ company: string; sealed: string }[]> {
  const smtp = sql<string | null>`${companies.smtp}->>'passwordSealed'`;
  const payfast = sql<string | null>`${companies.payfast}->>'passphraseSealed'`;
  const rows = await db
    .select({ company: companies.companyName, smtp, payfast })
    .from(companies)
    .where(or(isNotNull(smtp), isNotNull(payfast)))
    .limit(20);
  return rows.flatMap((r) =>
    [r.smtp, r.payfast]
      .filter((s): s is string => typeof s === 'string' && s !== '')
      .map((sealed) => ({ company: r.company, sealed })),
  );
}
