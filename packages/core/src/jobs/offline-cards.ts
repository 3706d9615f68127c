import { ZJobCard, type TAppointment, type TJobCard, type TStatus } from '../contracts/jobs.js';
import { isHidden } from './workflow.js';

/*
 * The board and the schedule with no network and no list kept from an online
 * visit (docs/offline.md, "Screens offline"): their cards are made from the
 * jobs the phone keeps in full (the member's week, GET appointments/offline),
 * by the rules the server's lists follow, so what shows is what the lists
 * would have answered of those jobs.
 */

/** A scheduled range of the schedule and calendar: [from, to) as ISO instants. */
export interface CardsRange {
  from: string;
  to: string;
}

/** What a kept type says here: its statuses' names and whether the board hides them. */
export interface KeptType {
  _id: string;
  statuses: Pick<TStatus, 'name' | 'draw' | 'next' | 'hide'>[];
}

/** Whether the job is active: no status, or one its type does not hide (DECISIONS §9). */
function isActive(job: TAppointment, types: readonly KeptType[]): boolean {
  if (!job.status) return true;
  const type = types.find((t) => t._id === job.appointmentTypeId);
  const status = type?.statuses.find((s) => s.name === job.status);
  return !status || !isHidden(status);
}

/** Scheduled and overlapping [from, to), as GET cards answers (or starting in it). */
function inRange(job: TAppointment, { from, to }: CardsRange): boolean {
  const start = Date.parse(job.startDate);
  if (!job.hasSchedule || !(start < Date.parse(to))) return false;
  return Date.parse(job.endDate) > Date.parse(from) || start >= Date.parse(from);
}

/**
 * The kept jobs as cards: the active ones (the board), or with `range` the
 * scheduled ones in it, active or not (the schedule); in sortOrder, then start
 * and number, as the server orders them.
 */
export function cardsOfKeptJobs(
  jobs: readonly TAppointment[],
  types: readonly KeptType[],
  range?: CardsRange,
): TJobCard[] {
  return jobs
    .filter((j) => (range ? inRange(j, range) : isActive(j, types)))
    .flatMap((j) => {
      // A job kept by an older app that no longer reads as one is left out, not shown broken.
      const card = ZJobCard.safeParse(j);
      return card.success ? [card.data] : [];
    })
    .sort(
      (a, b) =>
        a.sortOrder - b.sortOrder ||
        Date.parse(a.startDate) - Date.parse(b.startDate) ||
        a.appointmentNumber.localeCompare(b.appointmentNumber),
    );
}
