import { and, eq, isNull, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { templates } from '../../db/schema/index.js';
import { isUuid } from '../../platform/access.js';

export type TemplateUse = 'invoice' | 'statement';

/**
 * Whether a company may use template `id` for invoices or statements: its own,
 * one shared with all companies, or a shipped one, flagged for that use.
 */
export async function templateUsable(
  db: Tx,
  companyId: string,
  id: string,
  use: TemplateUse,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(
      and(
        eq(templates.id, id),
        use === 'invoice' ? eq(templates.isInvoice, true) : eq(templates.isStatement, true),
        or(
          eq(templates.companyId, companyId),
          eq(templates.anyCompany, true),
          isNull(templates.companyId),
        ),
      ),
    );
  return !!row;
}
