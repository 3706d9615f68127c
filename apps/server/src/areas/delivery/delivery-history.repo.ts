import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { invoices, jobs } from '../../db/schema/index.js';

/** What an invoice's sending history reads of the invoice itself; null when it is not the company's. */
export async function findInvoiceSending(db: Tx, companyId: string, invoiceId: string) {
  const [row] = await db
    .select({
      id: invoices.id,
      entityId: invoices.entityId,
      publicKey: invoices.publicKey,
      emails: invoices.emails,
      sent: invoices.sent,
      queued: invoices.queuedForSending,
      lastError: invoices.queuedForSendingError,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)))
    .limit(1);
  return row ?? null;
}

/** The queue's records of the invoice's e-mail jobs (kind `kind`), newest first. */
export async function listInvoiceJobs(
  db: Tx,
  companyId: string,
  invoiceId: string,
  kind: string,
  limit: number,
) {
  return db
    .select({
      createdAt: jobs.createdAt,
      state: jobs.state,
      attempts: jobs.attempts,
      finishedAt: jobs.finishedAt,
      lastError: jobs.lastError,
    })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, companyId),
        eq(jobs.kind, kind),
        sql`${jobs.payload}->>'invoiceId' = ${invoiceId}`,
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}
