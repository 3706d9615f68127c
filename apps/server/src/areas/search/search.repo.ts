import { and, desc, eq, inArray, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { appointments, clients, invoices, suppliers } from '../../db/schema/index.js';
import { fullName } from '../../db/schema/search.js';

/**
 * The global search's reads (docs/search.md). Every match is `ILIKE` on the
 * same expressions the trigram indexes are built on (schema/search.ts), so
 * PostgreSQL can answer them from those indexes; each query is scoped to the
 * company and limited, and the service merges the small lists.
 */

/** `q` as a LIKE pattern that matches it literally: `%`, `_` and `\` escaped. */
export const literal = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (q: string) => `%${literal(q)}%`;
/** The number is `q`, case aside: one probe of the (company, lower(number)) index. */
const exactly = (number: PgColumn, q: string) => sql`lower(${number}) = lower(${q})`;

/**
 * Numbers and faults are searched inside only from 3 characters: a trigram
 * index cannot narrow a shorter text, so it would read every document of the
 * company, and "12" inside 100,000 numbers helps nobody. Shorter texts still
 * match a number exactly and names anywhere (clients are few).
 */
export const MIN_INSIDE = 3;
const none = Promise.resolve([]);

const clientName = fullName(clients.name, clients.surname);
const supplierName = fullName(suppliers.name, suppliers.surname);

export interface NamedRow {
  id: string;
  name: string;
  surname: string;
  email: string;
  phone: string;
}

/** Live clients whose "name surname" holds `q`; names starting with it first. */
export async function findClients(db: Tx, companyId: string, q: string, limit: number) {
  return db
    .select({
      id: clients.id,
      name: clients.name,
      surname: clients.surname,
      email: clients.email,
      phone: clients.phone,
    })
    .from(clients)
    .where(
      and(
        eq(clients.companyId, companyId),
        isNull(clients.deletedAt),
        sql`${clientName} ilike ${contains(q)}`,
      ),
    )
    .orderBy(
      sql`${clientName} ilike ${`${literal(q)}%`} desc`,
      sql`lower(${clients.name})`,
      sql`lower(${clients.surname})`,
      clients.id,
    )
    .limit(limit);
}

/** Live suppliers whose "name surname" holds `q`; names starting with it first. */
export async function findSuppliers(db: Tx, companyId: string, q: string, limit: number) {
  return db
    .select({ id: suppliers.id, name: suppliers.name, surname: suppliers.surname })
    .from(suppliers)
    .where(
      and(
        eq(suppliers.companyId, companyId),
        isNull(suppliers.deletedAt),
        sql`${supplierName} ilike ${contains(q)}`,
      ),
    )
    .orderBy(
      sql`${supplierName} ilike ${`${literal(q)}%`} desc`,
      sql`lower(${suppliers.name})`,
      sql`lower(${suppliers.surname})`,
      suppliers.id,
    )
    .limit(limit);
}

/** The company's clients (deleted ones too: their documents stay) whose name holds `q`. */
const clientsNamed = (db: Tx, companyId: string, q: string) =>
  db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), sql`${clientName} ilike ${contains(q)}`));

export interface DocumentRow {
  id: string;
  number: string | null;
  date: string;
  total: string;
  to: string;
  name: string | null;
  surname: string | null;
}

/**
 * Invoices or quotes matching `q` three ways, each a small indexed read: the
 * number exactly (case-insensitive), the number containing it, and the
 * documents of clients whose name holds it; the newest first in each.
 */
export async function findDocuments(
  db: Tx,
  companyId: string,
  quotes: boolean,
  q: string,
  limit: number,
) {
  const number = quotes ? invoices.quoteNumber : invoices.invoiceNumber;
  const kind = quotes ? invoices.isQuote : not(invoices.isQuote);
  const read = (match: SQL | undefined) =>
    db
      .select({
        id: invoices.id,
        number,
        date: invoices.invoiceDate,
        total: invoices.total,
        to: invoices.to,
        name: clients.name,
        surname: clients.surname,
      })
      .from(invoices)
      .leftJoin(clients, eq(clients.id, invoices.entityId))
      .where(and(eq(invoices.companyId, companyId), kind, match))
      .orderBy(desc(invoices.invoiceDate), desc(number), invoices.id)
      .limit(limit);
  return Promise.all([
    read(exactly(number, q)),
    q.length < MIN_INSIDE ? none : read(sql`${number} ilike ${contains(q)}`),
    read(inArray(invoices.entityId, clientsNamed(db, companyId, q))),
  ]);
}

export interface JobRow {
  id: string;
  number: string;
  fault: string;
  name: string | null;
  surname: string | null;
}

/**
 * Jobs matching `q`: the number exactly, the number containing it, the fault
 * containing it, and the jobs of clients whose name holds it; the latest start
 * first. Number and fault are two reads, not one `or`: each can then use its
 * own trigram index, where the `or` made the planner read every job.
 */
export async function findJobs(db: Tx, companyId: string, q: string, limit: number) {
  const read = (match: SQL | undefined) =>
    db
      .select({
        id: appointments.id,
        number: appointments.appointmentNumber,
        fault: appointments.faultDescription,
        typeId: appointments.appointmentTypeId,
        name: clients.name,
        surname: clients.surname,
      })
      .from(appointments)
      .leftJoin(clients, eq(clients.id, appointments.entityId))
      .where(and(eq(appointments.companyId, companyId), match))
      .orderBy(desc(appointments.startDate), appointments.id)
      .limit(limit);
  return Promise.all([
    read(exactly(appointments.appointmentNumber, q)),
    q.length < MIN_INSIDE
      ? none
      : read(sql`${appointments.appointmentNumber} ilike ${contains(q)}`),
    q.length < MIN_INSIDE ? none : read(sql`${appointments.faultDescription} ilike ${contains(q)}`),
    read(inArray(appointments.entityId, clientsNamed(db, companyId, q))),
  ]);
}
