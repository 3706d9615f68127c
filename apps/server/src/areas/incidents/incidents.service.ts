import type { TIncident, TMessage } from '@fieldbook/core';
import type { AppDeps } from '../../platform/deps.js';
import { HttpError, badField, notFound } from '../../platform/errors.js';
import { recomputeOutstanding } from '../clients/index.js';
import { getCompany } from '../companies/index.js';
import { clientKey, clientMatcher, displayName } from './client-match.js';
import * as repo from './incidents.repo.js';
import { assignPayment } from '../payments/index.js';
import { presentIncident } from './incidents.present.js';
import { assignRecurringClient } from '../recurring/index.js';

const refuse = (message: string) => new HttpError(400, message, { newValue: message });

export type IncidentsService = ReturnType<typeof createIncidentsService>;

export function createIncidentsService(deps: Pick<AppDeps, 'database' | 'events'>) {
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
          await repo.markFixed(tx, companyId, id, client.id);
          if (paid) changed.push(paid);
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
          await repo.setInvoiceParty(tx, companyId, invoice.id, {
            entityId: client.id,
            ...(wasUnmatchedText && { to: displayName(client) }),
            ...(!invoice.toEmail && client.email && { toEmail: client.email }),
          });
          const touched = [client.id, ...(invoice.entityId ? [invoice.entityId] : [])];
          await recomputeOutstanding(tx, companyId, touched);
        }
        await repo.markFixed(tx, companyId, id, client.id);
        return { message: 'Fixed' };
      });
      if (changed.length) deps.events.emit({ companyId, name: 'invoicesChanged', ids: changed });
      return answer;
    },
  };
}
