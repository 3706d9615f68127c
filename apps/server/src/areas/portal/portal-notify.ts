import { can } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { loadMember } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { recordNotification, wantsEmail } from '../notifications/index.js';
import * as repo from './portal.repo.js';

/**
 * Staff told of a client's answer to a quote (docs/portal.md): every active
 * member who may read invoices gets it in the app (kind `quoteAnswer`, which
 * opens the quote), and by e-mail unless they switched that off.
 */

export interface StaffMember {
  userId: string;
  email: string;
}

/** The members to tell, read before the answer's transaction (their rights are cached reads). */
export async function staffToTell(
  deps: Pick<AppDeps, 'database' | 'caches'>,
  companyId: string,
): Promise<StaffMember[]> {
  const members = await repo.activeMembers(deps.database.db, companyId);
  const out: StaffMember[] = [];
  for (const m of members)
    if (can(await loadMember(deps, companyId, m.userId), 'invoices', 'r')) out.push(m);
  return out;
}

/**
 * Records the notification of each member in the answer's transaction (once
 * per answer: its time is in the key); answers the new notifications' ids and
 * the addresses of those who want the e-mail too.
 */
export async function notifyStaff(
  tx: Tx,
  staff: StaffMember[],
  n: { companyId: string; invoiceId: string; title: string; body: string; key: string },
): Promise<{ ids: string[]; mailTo: string[] }> {
  const ids: string[] = [];
  const mailTo: string[] = [];
  for (const m of staff) {
    const id = await recordNotification(tx, {
      companyId: n.companyId,
      userId: m.userId,
      kind: 'quoteAnswer',
      jobId: null,
      invoiceId: n.invoiceId,
      title: n.title,
      body: n.body,
      dedupeKey: `quote-answer:${n.invoiceId}:${n.key}`,
    });
    if (id) ids.push(id);
    if (m.email && (await wantsEmail(tx, m.userId, 'quoteAnswer'))) mailTo.push(m.email);
  }
  return { ids, mailTo };
}
