import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  clientDocuments,
  clients,
  creditNoteRefunds,
  creditNotes,
  files,
  invoices,
  payments,
} from '../../db/schema/index.js';

export type ClientRow = typeof clients.$inferSelect;
export type ClientWrite = Omit<typeof clients.$inferInsert, 'id' | 'companyId' | 'outstanding'>;

const live = (companyId: string) =>
  and(eq(clients.companyId, companyId), isNull(clients.deletedAt));

/**
 * Non-deleted clients by name and surname, ignoring case (the same order on
 * PGlite's C collation and a PostgreSQL locale): one query, `outstanding` is stored.
 */
export async function listClients(
  db: Tx,
  companyId: string,
  filter: { entityTemplateId?: string } = {},
): Promise<ClientRow[]> {
  return db
    .select()
    .from(clients)
    .where(
      and(
        live(companyId),
        filter.entityTemplateId ? eq(clients.entityTemplateId, filter.entityTemplateId) : undefined,
      ),
    )
    .orderBy(sql`lower(${clients.name})`, sql`lower(${clients.surname})`, asc(clients.id));
}

/** The contact details of the company's live clients among `ids` (the offline pack). */
export async function listClientContacts(db: Tx, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: clients.id,
      name: clients.name,
      surname: clients.surname,
      email: clients.email,
      phone: clients.phone,
      contactNumber: clients.contactNumber,
      address: clients.address,
    })
    .from(clients)
    .where(and(live(companyId), inArray(clients.id, ids)));
}

/** The live (not deleted) client of the company, or undefined. */
export async function findClientForCompany(
  db: Tx,
  companyId: string,
  id: string,
): Promise<ClientRow | undefined> {
  const [c] = await db
    .select()
    .from(clients)
    .where(and(live(companyId), eq(clients.id, id)))
    .limit(1);
  return c;
}

/** Also a deleted client: its statement and documents stay reachable. */
export async function findClientIncludingDeleted(
  db: Tx,
  companyId: string,
  id: string,
): Promise<ClientRow | undefined> {
  const [c] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.id, id)))
    .limit(1);
  return c;
}

export async function insertClient(db: Tx, companyId: string, v: ClientWrite): Promise<string> {
  const [c] = await db
    .insert(clients)
    .values({ ...v, companyId })
    .returning({ id: clients.id });
  if (!c) throw new Error('insert returned nothing');
  return c.id;
}

/** False when there is no such live client. */
export async function updateClient(
  db: Tx,
  companyId: string,
  id: string,
  patch: Partial<ClientWrite>,
): Promise<boolean> {
  const rows = await db
    .update(clients)
    .set(patch)
    .where(and(live(companyId), eq(clients.id, id)))
    .returning({ id: clients.id });
  return rows.length > 0;
}

export async function softDeleteClient(db: Tx, companyId: string, id: string): Promise<boolean> {
  return updateClient(db, companyId, id, { deletedAt: new Date() });
}

/**
 * Sets each given client's `outstanding` to the sum of the balances of its
 * invoices (quotes excluded), in one statement. The invoices area calls it in
 * its saving transaction, so the stored figure never disagrees with the invoices.
 */
export async function recomputeOutstanding(
  tx: Tx,
  companyId: string,
  clientIds: string[],
): Promise<void> {
  const ids = [...new Set(clientIds.filter(Boolean))];
  if (ids.length === 0) return;
  await tx
    .update(clients)
    .set({
      outstanding: sql`coalesce((
        select sum(i.total - i.amount_paid - i.amount_credited) from ${invoices} i
        where i.company_id = ${companyId} and i.entity_id = ${clients.id} and not i.is_quote
      ), 0)`,
    })
    .where(and(eq(clients.companyId, companyId), inArray(clients.id, ids)));
}

/** What a statement needs of the client's invoices (quotes excluded). */
export async function listStatementInvoices(db: Tx, companyId: string, clientId: string) {
  const ofClient = and(
    eq(invoices.companyId, companyId),
    eq(invoices.entityId, clientId),
    eq(invoices.isQuote, false),
  );
  // Three flat reads instead of a subquery per invoice: a client with thousands of invoices
  // and payments reads in a third of the time (docs/performance.md, "Statements").
  const [rows, paid, credited, refunds] = await Promise.all([
    db
      .select({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        invoiceDate: invoices.invoiceDate,
        total: invoices.total,
        amountPaid: invoices.amountPaid,
        datePaid: invoices.datePaid,
      })
      .from(invoices)
      .where(ofClient),
    /** Each payment, a credit line of its own (DECISIONS §16). */
    db
      .select({
        invoiceId: payments.invoiceId,
        amount: sql<string>`${payments.amount}::text`,
        datePaid: sql<string>`coalesce(${payments.datePaid}, ${payments.createdAt}::date)::text`,
      })
      .from(payments)
      .innerJoin(
        invoices,
        and(eq(invoices.id, payments.invoiceId), eq(invoices.companyId, payments.companyId)),
      )
      .where(ofClient),
    /** Each credit note, a credit line of its own by its whole value (docs/payments.md). */
    db
      .select({
        id: creditNotes.id,
        invoiceId: creditNotes.invoiceId,
        amount: sql<string>`${creditNotes.total}::text`,
        date: sql<string>`${creditNotes.noteDate}::text`,
        number: creditNotes.number,
      })
      .from(creditNotes)
      .innerJoin(
        invoices,
        and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.companyId, creditNotes.companyId)),
      )
      .where(ofClient),
    /** Each refund out of a note, a debit line of its own (docs/payments.md "Refunds"). */
    db
      .select({
        invoiceId: creditNoteRefunds.creditNoteId,
        amount: sql<string>`${creditNoteRefunds.amount}::text`,
        date: sql<string>`${creditNoteRefunds.refundDate}::text`,
        /** Kept for a later invoice: that invoice's number (null for money paid back). */
        toInvoice: sql<string | null>`(
          select i2.invoice_number from ${payments} p
          join ${invoices} i2 on i2.id = p.invoice_id and i2.company_id = p.company_id
          where p.id = ${creditNoteRefunds.paymentId} and p.company_id = ${creditNoteRefunds.companyId}
        )`,
      })
      .from(creditNoteRefunds)
      .innerJoin(
        creditNotes,
        and(
          eq(creditNotes.id, creditNoteRefunds.creditNoteId),
          eq(creditNotes.companyId, creditNoteRefunds.companyId),
        ),
      )
      .innerJoin(
        invoices,
        and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.companyId, creditNotes.companyId)),
      )
      .where(ofClient),
  ]);
  const byInvoice = <T extends { invoiceId: string | null }>(list: T[]) => {
    const m = new Map<string, Omit<T, 'invoiceId'>[]>();
    for (const { invoiceId, ...rest } of list) {
      if (!invoiceId) continue;
      const l = m.get(invoiceId);
      if (l) l.push(rest);
      else m.set(invoiceId, [rest]);
    }
    return m;
  };
  const p = byInvoice(paid);
  // Refunds are keyed by their note (byInvoice reads the key from `invoiceId`).
  const back = byInvoice(refunds);
  const c = byInvoice(credited.map(({ id, ...n }) => ({ ...n, refunds: back.get(id) ?? [] })));
  return rows.map((r) => ({ ...r, payments: p.get(r.id) ?? [], credits: c.get(r.id) ?? [] }));
}

const documentColumns = {
  id: clientDocuments.id,
  name: clientDocuments.name,
  createdAt: clientDocuments.createdAt,
  contentType: files.contentType,
  size: files.size,
};
export type DocumentRow = {
  id: string;
  name: string;
  createdAt: Date;
  contentType: string;
  size: number;
};

export async function listDocuments(
  db: Tx,
  companyId: string,
  clientId: string,
): Promise<DocumentRow[]> {
  return db
    .select(documentColumns)
    .from(clientDocuments)
    .innerJoin(files, eq(files.id, clientDocuments.fileId))
    .where(and(eq(clientDocuments.companyId, companyId), eq(clientDocuments.clientId, clientId)))
    .orderBy(asc(clientDocuments.createdAt), asc(clientDocuments.name));
}

export async function insertDocument(
  db: Tx,
  companyId: string,
  v: { clientId: string; fileId: string; name: string },
): Promise<string> {
  const [d] = await db
    .insert(clientDocuments)
    .values({ ...v, companyId })
    .returning({ id: clientDocuments.id });
  if (!d) throw new Error('insert returned nothing');
  return d.id;
}

export async function findDocument(db: Tx, companyId: string, clientId: string, id: string) {
  const [d] = await db
    .select({ ...documentColumns, data: files.data })
    .from(clientDocuments)
    .innerJoin(files, eq(files.id, clientDocuments.fileId))
    .where(
      and(
        eq(clientDocuments.companyId, companyId),
        eq(clientDocuments.clientId, clientId),
        eq(clientDocuments.id, id),
      ),
    )
    .limit(1);
  return d;
}

export type ClientInsert = Omit<typeof clients.$inferInsert, 'id' | 'companyId'>;

const CHUNK = 500;

/** Inserts imported clients in batches of CHUNK; answers how many were written. */
export async function insertClients(db: Tx, companyId: string, rows: ClientInsert[]) {
  let n = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const done = await db
      .insert(clients)
      .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, companyId })))
      .returning({ id: clients.id });
    n += done.length;
  }
  return n;
}
