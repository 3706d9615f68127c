import { onlineManager, type QueryClient } from '@tanstack/react-query';
import {
  cardsOfKeptJobs,
  type CardsRange,
  type TAppointment,
  type TAppointmentType,
  type TJobCard,
} from '@fieldbook/core';
import { jobKeys } from '../query-keys';
import { jobWithPending, waitingChanges } from './outbox';

/**
 * Offline, for a board or schedule whose list the phone did not keep (never
 * opened online): cards made from the jobs it keeps in full, the member's week
 * from the pack (docs/offline.md, "Screens offline"), with the changes waiting
 * on the phone over them (a card moved offline stays where it was put). Online,
 * or with no job kept, nothing: the list is read from the server.
 */
export function keptCards(
  qc: QueryClient,
  cid: string,
  range?: CardsRange,
): TJobCard[] | undefined {
  if (onlineManager.isOnline() || !cid) return undefined;
  const jobs = qc
    .getQueriesData<TAppointment>({ queryKey: jobKeys.ones(cid) })
    .flatMap(([, job]) => (job ? [job] : []));
  if (jobs.length === 0) return undefined;
  const waiting = waitingChanges().filter((e) => e.companyId === cid);
  const shown = jobs.map((job) =>
    jobWithPending(
      job,
      waiting.filter((e) => e.jobId === job._id),
    ),
  );
  return cardsOfKeptJobs(
    shown,
    qc.getQueryData<TAppointmentType[]>(jobKeys.types(cid)) ?? [],
    range,
  );
}
