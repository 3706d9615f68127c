import { and, between, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { companies, expenses, incidents, invoices } from '../../db/schema/index.js';

/**
 * Read-only sums for the dashboard, one query per area, each scoped to the
 * company. Numeric sums come back as strings.
 */

export async function companyTimeZone(db: Tx, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ timeZone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.timeZone ?? null;
}

const isInvoice = sql`not ${invoices.isQuote}`;
const unpaidInvoice = sql`not ${invoices.paid} and not ${invoices.isQuote}`;
const inMonth = (from: string, to: string) =>
  sql`${invoices.invoiceDate} between ${from} and ${to}`;

/**
 * The month's invoiced and paid (the Invoices page's boxes for that month),
 * and today's outstanding, overdue (due before `today`) and failed sends.
 */
export async function invoiceFigures(
  db: Tx,
  companyId: string,
  from: string,
  to: string,
  today: string,
) {
  const month = inMonth(from, to);
  const overdue = sql`${unpaidInvoice} and ${invoices.dueDate} < ${today}`;
  const [row] = await db
    .select({
      invoiced: sql<string>`coalesce(sum(${invoices.total}) filter (where ${isInvoice} and ${month}), 0)`,
      invoicedCount: sql<number>`(count(*) filter (where ${isInvoice} and ${month}))::int`,
      // Every payment on the month's invoices, part payments included (DECISIONS §16).
      paid: sql<string>`coalesce(sum(${invoices.amountPaid}) filter (where ${isInvoice} and ${month}), 0)`,
      outstanding: sql<string>`coalesce(sum(${invoices.total} - ${invoices.amountPaid} - ${invoices.amountCredited}) filter (where ${isInvoice}), 0)`,
      overdue: sql<string>`coalesce(sum(${invoices.total} - ${invoices.amountPaid} - ${invoices.amountCredited}) filter (where ${overdue}), 0)`,
      overdueCount: sql<number>`(count(*) filter (where ${overdue} and ${invoices.total} > ${invoices.amountPaid} + ${invoices.amountCredited}))::int`,
      failedSends: sql<number>`(count(*) filter (where ${invoices.queuedForSendingError} is not null))::int`,
    })
    .from(invoices)
    .where(eq(invoices.companyId, companyId));
  return row!;
}

/** The month's expenses. */
export async function expenseFigures(db: Tx, companyId: string, from: string, to: string) {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${expenses.price}), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(expenses)
    .where(and(eq(expenses.companyId, companyId), between(expenses.expenseDate, from, to)));
  return row!;
}

/** Incidents still open. */
export async function openIncidents(db: Tx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ open: sql<number>`count(*)::int` })
    .from(incidents)
    .where(and(eq(incidents.companyId, companyId), eq(incidents.status, 'open')));
  return row?.open ?? 0;
}
