import { TZDate } from '@date-fns/tz';
import type { TSendFrequency, TStatus } from '../contracts/jobs.js';
import { addDays, ymdOfInstant } from '../dates.js';

/** The status fields that make entering it do something on the server (DECISIONS §9). */
export type EntryAutomations = Pick<
  TStatus,
  | 'autoGenerateInvoice'
  | 'autoSendInvoiceClient'
  | 'autoMoveInvoiceClient'
  | 'sendNotification'
  | 'sendNotificationClient'
>;

/**
 * Whether entering `status` has work for the automation queue: the save (and
 * an automatic move) enqueues a `job-status-automation` job only then.
 */
export function hasEntryAutomation(status: EntryAutomations): boolean {
  return (
    status.autoGenerateInvoice ||
    status.autoSendInvoiceClient ||
    status.autoMoveInvoiceClient ||
    status.sendNotification ||
    status.sendNotificationClient
  );
}

/**
 * Automatic moves (`autoMoveInvoiceClient`) one person's move may set off in
 * a row (issue 19 B1, DECISIONS §12). The graph check refuses workflows whose
 * automatic moves loop; this bound is the second guard, for types saved
 * before that check: the chain stops here and the job's log says so. The
 * shipped workflows move once (Job Done -> Invoiced); ten is far beyond any
 * real chain and holds a looping type to eleven entries (and their e-mails)
 * per move a person makes.
 */
export const MAX_AUTO_MOVES = 10;

/** The hour of the day (company time) at which gathered invoices go out. */
export const GATHERED_SEND_HOUR = 7;

export interface SendBoundary {
  /** When the gathered send goes out. */
  at: Date;
  /** The boundary's date in the company's zone: with the frequency, the key of the gathered send. */
  period: string;
}

/**
 * When an invoice gathered at `now` goes out (spec: autoSendInvoiceClientFrequency):
 * daily at 07:00 of the next day, weekly at 07:00 of the next Monday, monthly
 * at 07:00 of the 1st of the next month, in the company's time zone. Every
 * invoice gathered in one period gets the same boundary, so one grouped
 * e-mail can carry them all. 'creation' has no boundary (null): it goes at once.
 */
export function nextSendBoundary(
  frequency: TSendFrequency,
  now: Date,
  timeZone: string,
): SendBoundary | null {
  if (frequency === 'creation') return null;
  const today = ymdOfInstant(now, timeZone);
  let day: string;
  if (frequency === 'daily') day = addDays(today, 1);
  else if (frequency === 'weekly') {
    // 0 Sunday ... 6 Saturday of the civil date (noon UTC keeps the weekday exact).
    const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
    day = addDays(today, (8 - weekday) % 7 || 7);
  } else {
    const [y, m] = today.split('-').map(Number) as [number, number];
    day = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  }
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const at = new TZDate(y, m - 1, d, GATHERED_SEND_HOUR, 0, 0, timeZone);
  return { at: new Date(at.getTime()), period: day };
}
