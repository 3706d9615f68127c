import type { TDiscount, TLine } from '@fieldbook/core';
import type { Tx } from '../../db/client.js';
import { systemCaller } from '../../platform/access.js';
import type { CompanyRow } from '../companies/index.js';
import { findType, writeJob } from '../jobs/index.js';

/**
 * The job an accepted quote makes when the company chose so (docs/portal.md):
 * Unscheduled, of the company's chosen type (its first type when that one is
 * gone), for the client, with the quote's lines, in the transaction that
 * records the acceptance. Answers the job's number.
 */
export async function jobOfAcceptedQuote(
  tx: Tx,
  company: CompanyRow,
  clientId: string,
  q: { number: string; name: string; lines: TLine[]; discount: TDiscount | null },
): Promise<string> {
  const type = company.quoteAcceptJobTypeId
    ? await findType(tx, company.id, company.quoteAcceptJobTypeId)
    : null;
  const saved = await writeJob(tx, company.id, systemCaller(company.id), {
    status: 'Unscheduled',
    appointmentTypeId: type?.id,
    entityId: clientId,
    userId: null,
    faultDescription: `Quote ${q.number} accepted by ${q.name} in the client portal`,
    ...(q.lines.length > 0 && {
      lineItems: q.lines,
      ...(q.discount && { discount: q.discount }),
    }),
  });
  return saved.appointmentNumber;
}
