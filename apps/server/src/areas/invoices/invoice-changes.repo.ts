import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TEmailRecord } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { invoices } from '../../db/schema/index.js';
import { rowsOf } from '../../db/rows.js';

/** Gives the invoice its client (and the client's name and e-mail when asked). */
export async function setInvoiceParty(
  db: Tx,
  companyId: string,
  id: string,
  patch: { entityId: string; to?: string; toEmail?: string },
) {
  await db
    .update(invoices)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

/**
 * Flags the invoices not already queued (the rows show Sending... until the
 * job sends or gives up) and answers their ids. An invoice already queued is
 * left alone: a second click, or a second person, must not send it twice.
 */
export async function markQueued(tx: Tx, companyId: string, ids: string[]): Promise<string[]> {
  const rows = await tx
    .update(invoices)
    .set({ queuedForSending: true, queuedForSendingError: null })
    .where(
      and(
        eq(invoices.companyId, companyId),
        inArray(invoices.id, ids),
        eq(invoices.queuedForSending, false),
      ),
    )
    .returning({ id: invoices.id });
  return rows.map((r) => r.id);
}

/** One more e-mail on record: appended to `emails`, `sent` set, the queue flags cleared. */
export async function markSent(tx: Tx, companyId: string, id: string, record: TEmailRecord) {
  const [row] = await tx
    .update(invoices)
    .set({
      emails: sql`${invoices.emails} || ${JSON.stringify([record])}::jsonb`,
      sent: new Date(record.date),
      queuedForSending: false,
      queuedForSendingError: null,
      sendingAt: null,
    })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .returning({
      isQuote: invoices.isQuote,
      invoiceNumber: invoices.invoiceNumber,
      quoteNumber: invoices.quoteNumber,
      entityId: invoices.entityId,
      total: invoices.total,
    });
  return row ?? null;
}

/** The queued send gave up: the row shows the error as a red badge. */
export async function markSendFailed(
  tx: Tx,
  companyId: string,
  id: string,
  error: string,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ queuedForSending: false, queuedForSendingError: error, sendingAt: null })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

/** A send claimed longer ago than this crashed before it was recorded: it may be claimed again. */
export const SEND_CLAIM_MINUTES = 10;
const unclaimed = sql`(${invoices.sendingAt} is null or ${invoices.sendingAt} < now() - make_interval(mins => ${SEND_CLAIM_MINUTES}))`;

/**
 * A gathered send's claim, before anything is printed: only while the
 * invoice still waits for it (queued, not sent by hand since) and no other
 * send of it is under way. One conditional UPDATE, so of a gathered send and
 * a send by hand at the same moment exactly one claims it.
 */
export async function claimQueuedSend(tx: Tx, companyId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ sendingAt: sql`now()` })
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.id, id),
        eq(invoices.queuedForSending, true),
        unclaimed,
      ),
    )
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/**
 * A send by hand's claim: refused (null) while another send of the invoice is
 * under way; otherwise it takes the place of a gathered send still waiting
 * (answered in `wasQueued`, so a failed send can give it back).
 */
export async function claimSendByHand(
  tx: Tx,
  companyId: string,
  id: string,
): Promise<{ wasQueued: boolean } | null> {
  const rows = await tx.execute(sql`
    update ${invoices} i set sending_at = now(), queued_for_sending = false
      from (select id, queued_for_sending from ${invoices}
             where company_id = ${companyId} and id = ${id} for update) old
     where i.id = old.id and (i.sending_at is null
       or i.sending_at < now() - make_interval(mins => ${SEND_CLAIM_MINUTES}))
    returning old.queued_for_sending as was_queued`);
  const row = rowsOf<{ was_queued: boolean }>(rows)[0];
  return row ? { wasQueued: row.was_queued } : null;
}

/** A claimed send that did not go: the claim is given back (and the gathered send's wait, `requeue`). */
export async function releaseSend(
  tx: Tx,
  companyId: string,
  id: string,
  requeue: boolean,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ sendingAt: null, ...(requeue ? { queuedForSending: true } : {}) })
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}
