import type { TLine } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { systemCaller } from '../../platform/access.js';
import type { CompanyRow } from '../companies/index.js';
import { findType, writeJob } from '../jobs/index.js';

/**
 * The job an accepted quote makes when the company chose so (docs/portal.md):
 * Unscheduled, of the company's chosen type (its first type when that one is
 * gone), for the client, in the transaction that records the acceptance.
 * Without lines: the quote holds them and is what is invoiced (turned into an
 * invoice), so the job's own automation never bills the work a second time.
 * Answers the job's number.
 */
export async function jobOfAcceptedQuote(
  tx: Tx,
  company: CompanyRow,
  clientId: string,
  q: { number: string; name: string; lines: TLine[] },
): Promise<string> {
  const type = company.quoteAcceptJobTypeId
    ? await findType(tx, company.id, company.quoteAcceptJobTypeId)
    : null;
  const saved = await writeJob(tx, company.id, systemCaller(company.id), {
    status: 'Unscheduled',
    appointmentTypeId: type?.id,
    entityId: clientId,
    userId: null,
    faultDescription:
      `Quote ${q.number} accepted by ${q.name} in the client portal: ` +
      q.lines
        .map((l) => l.description)
        .join('; ')
        .slice(0, 1500),
  });
  return saved.appointmentNumber;
}
