import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { invoices, queueJobs } from '../../db/schema/index.js';

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
      createdAt: queueJobs.createdAt,
      state: queueJobs.state,
      attempts: queueJobs.attempts,
      finishedAt: queueJobs.finishedAt,
      lastError: queueJobs.lastError,
    })
    .from(queueJobs)
    .where(
      and(
        eq(queueJobs.companyId, companyId),
        eq(queueJobs.kind, kind),
        sql`${queueJobs.payload}->>'invoiceId' = ${invoiceId}`,
      ),
    )
    .orderBy(desc(queueJobs.createdAt), desc(queueJobs.id))
    .limit(limit);
}
