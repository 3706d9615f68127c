import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { clients, invoices } from '../../db/schema/index.js';

/**
 * The public keys of one client's invoices in the company. The public view
 * compares the key it was given with each of them in constant time, rather
 * than letting the database look the secret up (DECISIONS §7).
 */
export async function listClientInvoiceKeys(db: Tx, companyId: string, clientId: string) {
  return db
    .select({ id: invoices.id, publicKey: invoices.publicKey })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.entityId, clientId)));
}

/** What the public view and the pay form need of an invoice and its client. */
export async function findPublicInvoice(db: Tx, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: invoices.id,
      entityId: invoices.entityId,
      isQuote: invoices.isQuote,
      invoiceNumber: invoices.invoiceNumber,
      quoteNumber: invoices.quoteNumber,
      publicKey: invoices.publicKey,
      toEmail: invoices.toEmail,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      amountCredited: invoices.amountCredited,
      deposit: invoices.deposit,
      paid: invoices.paid,
      clientName: clients.name,
      clientSurname: clients.surname,
      clientEmail: clients.email,
    })
    .from(invoices)
    .leftJoin(
      clients,
      and(eq(clients.id, invoices.entityId), eq(clients.companyId, invoices.companyId)),
    )
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .limit(1);
  return row ?? null;
}
export type PublicInvoice = NonNullable<Awaited<ReturnType<typeof findPublicInvoice>>>;
