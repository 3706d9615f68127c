import type { TIncident, TMessage } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { getCompany } from '../companies/index.js';
import { applyPayments, assignInvoiceClient } from '../invoices/index.js';
import { clientKey, clientMatcher, displayName } from './client-match.js';
import * as repo from './incidents.repo.js';
import { assignPayment } from '../payments/index.js';
import { presentIncident } from './incidents.present.js';

const refuse = (message: string) => new HttpError(400, message, { newValue: message });

export type IncidentsService = ReturnType<typeof createIncidentsService>;

/**
 * What the incidents area asks of the recurring area (which imports the
 * incidents area), wired in the composition root (src/compose.ts).
 */
export interface IncidentsNeeds {
  /** Gives recurring item `itemId` the client; false when the item is gone. */
  assignRecurringClient(
    tx: Tx,
    companyId: string,
    itemId: string,
    client: { id: string; name: string; surname: string; email: string | null },
  ): Promise<boolean>;
}

export function createIncidentsService(
  deps: Pick<AppDeps, 'database' | 'events'>,
  needs: IncidentsNeeds,
) {
  const { assignRecurringClient } = needs;
  const db = deps.database.db;

  return {
    async list(companyId: string): Promise<TIncident[]> {
      const [company, rows] = await Promise.all([
        getCompany(db, companyId),
        repo.listIncidents(db, companyId),
      ]);
      if (!company) throw notFound('Company not found');
      return rows.map((r) => presentIncident(r, company.timeZone));
    },

    /**
     * DECISIONS §6: assigns the incident's record to the one client named by
     * `newValue` and marks the incident fixed, all in one transaction.
     */
    async fix(companyId: string, id: string, newValue: string): Promise<TMessage> {
      // Invoices a fixed payment marked paid: their rows update in open browsers.
      const changed: string[] = [];
      const answer = await db.transaction(async (tx) => {
        const incident = await repo.lockIncident(tx, companyId, id);
        if (!incident) throw notFound('Incident not found');
        if (incident.status === 'fixed') throw refuse('This incident is already fixed');

        const found = clientMatcher(await repo.listLiveClients(tx, companyId))(newValue);
        if (found.length === 0) throw badField('newValue', 'matches no client');
        if (found.length > 1) throw badField('newValue', 'matches more than one client');
        const client = found[0]!;

        if (incident.recordKind === 'payment') {
          const company = await getCompany(tx, companyId);
          if (!company) throw notFound('Company not found');
          const paid = await assignPayment(tx, company, incident.recordId, client.id);
          if (paid) await applyPayments(tx, companyId, [paid.invoiceId]);
          await repo.markFixed(tx, companyId, id, client.id);
          if (paid) changed.push(paid.invoiceId);
          return { message: 'Fixed' };
        }
        if (incident.recordKind === 'recurring') {
          // The item bills the chosen client from its next run; a deleted item just closes.
          if (incident.recordId)
            await assignRecurringClient(tx, companyId, incident.recordId, client);
          await repo.markFixed(tx, companyId, id, client.id);
          return { message: 'Fixed' };
        }
        // An invoice deleted since the import leaves nothing to assign: the incident just closes.
        const invoice = incident.recordId
          ? await repo.getInvoiceParty(tx, companyId, incident.recordId)
          : null;
        if (invoice) {
          const wasUnmatchedText = clientKey(invoice.to) === clientKey(incident.value);
          await assignInvoiceClient(tx, companyId, invoice, {
            entityId: client.id,
            ...(wasUnmatchedText && { to: displayName(client) }),
            ...(!invoice.toEmail && client.email && { toEmail: client.email }),
          });
        }
        await repo.markFixed(tx, companyId, id, client.id);
        return { message: 'Fixed' };
      });
      if (changed.length) deps.events.emit({ companyId, name: 'invoicesChanged', ids: changed });
      return answer;
    },
  };
}
