import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, templateImages, templates } from '../../db/schema/index.js';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateWrite = Omit<
  typeof templates.$inferInsert,
  'id' | 'companyId' | 'createdAt' | 'builtIn'
>;
export type TemplateUse = 'invoice' | 'statement';

/** What company `companyId` may see: its own, the ones shared with all companies, the shipped ones. */
const visibleTo = (companyId: string) =>
  or(
    eq(templates.companyId, companyId),
    eq(templates.anyCompany, true),
    isNull(templates.companyId),
  );

const useFilter = (use: TemplateUse | undefined) =>
  use === 'invoice'
    ? eq(templates.isInvoice, true)
    : use === 'statement'
      ? eq(templates.isStatement, true)
      : undefined;

const withCompanyName = {
  template: templates,
  companyName: sql<string | null>`${companies.companyName}`,
};

export type TemplateWithCompany = { template: TemplateRow; companyName: string | null };

/** The templates the company sees (optionally only those for invoices or statements), by name. */
export async function listVisible(
  db: Tx,
  companyId: string,
  use?: TemplateUse,
): Promise<TemplateWithCompany[]> {
  return db
    .select(withCompanyName)
    .from(templates)
    .leftJoin(companies, eq(companies.id, templates.companyId))
    .where(and(visibleTo(companyId), useFilter(use)))
    .orderBy(sql`lower(${templates.name})`, asc(templates.createdAt));
}

export async function findVisible(
  db: Tx,
  companyId: string,
  id: string,
  use?: TemplateUse,
): Promise<TemplateWithCompany | null> {
  const [row] = await db
    .select(withCompanyName)
    .from(templates)
    .leftJoin(companies, eq(companies.id, templates.companyId))
    .where(and(eq(templates.id, id), visibleTo(companyId), useFilter(use)))
    .limit(1);
  return row ?? null;
}

/**
 * The template a document prints with: the first of `candidates` (ids in
 * order of preference, stale or foreign ones skipped) that the company may use
 * for `use`, else the shipped template `builtIn`.
 */
export async function resolveTemplate(
  db: Tx,
  companyId: string,
  candidates: (string | null | undefined)[],
  use: TemplateUse,
  builtIn: string,
): Promise<TemplateRow | null> {
  const ids = candidates.filter((c): c is string => !!c);
  const rows = await db
    .select()
    .from(templates)
    .where(
      or(
        ids.length
          ? and(inArray(templates.id, ids), visibleTo(companyId), useFilter(use))
          : undefined,
        eq(templates.builtIn, builtIn),
      ),
    );
  for (const id of ids) {
    const hit = rows.find((r) => r.id === id);
    if (hit) return hit;
  }
  return rows.find((r) => r.builtIn === builtIn) ?? null;
}

/** A new template owned by the company. */
export async function insertTemplate(db: Tx, companyId: string, v: TemplateWrite): Promise<string> {
  const [row] = await db
    .insert(templates)
    .values({ ...v, companyId })
    .returning({ id: templates.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

/**
 * Updates a template the company sees; the service has already decided the
 * caller may change it (its own, or a shared or shipped one for rank super).
 */
export async function updateTemplate(db: Tx, companyId: string, id: string, v: TemplateWrite) {
  const [row] = await db
    .update(templates)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(templates.id, id), visibleTo(companyId)))
    .returning({ id: templates.id });
  return !!row;
}

/** Adds an image to a template the company sees; null when it sees no such template. */
export async function insertTemplateImage(
  db: Tx,
  companyId: string,
  templateId: string,
  fileId: string,
): Promise<string | null> {
  const [row] = await db
    .insert(templateImages)
    .select(
      db
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          templateId: templates.id,
          fileId: sql`${fileId}::uuid`.as('file_id'),
          createdAt: sql`now()`.as('created_at'),
        })
        .from(templates)
        .where(and(eq(templates.id, templateId), visibleTo(companyId))),
    )
    .returning({ id: templateImages.id });
  return row?.id ?? null;
}

/**
 * Writes a shipped template (companyId null) by its `builtIn` key. Not scoped
 * to a company on purpose: shipped templates belong to none. A shipped
 * template a super user has edited (`updatedBy` set) is left as they made it.
 */
export async function unsafeUpsertShipped(
  db: Tx,
  v: Omit<TemplateWrite, 'updatedBy'> & { builtIn: string },
): Promise<void> {
  await db
    .insert(templates)
    .values({ ...v, companyId: null })
    .onConflictDoUpdate({
      target: templates.builtIn,
      targetWhere: sql`${templates.builtIn} is not null`,
      set: { ...v, updatedAt: new Date() },
      setWhere: isNull(templates.updatedBy),
    });
}
