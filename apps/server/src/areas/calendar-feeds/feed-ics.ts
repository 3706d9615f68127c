import { ICalCalendar } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { addDays, formatTime, ymdOfInstant } from '@fieldbook/core';
import type { FeedJob } from '../jobs/index.js';

/**
 * Text for one line of the feed: ical-generator escapes the text of events but
 * not the calendar's name, and leaves control characters (RFC 5545 allows none
 * but a tab), so every line break and control character becomes one space.
 */
export function oneLine(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** Text that may keep its line breaks (escaped by ical-generator), without other control characters. */
function lines(s: string): string {
  return s
    .split(/\r\n|\r|\n/)
    .map(oneLine)
    .join('\n')
    .trim();
}

/** Wall-clock time in the zone, without an offset: ical-generator writes it as is with TZID. */
function wallClock(d: Date, timeZone: string): string {
  return `${ymdOfInstant(d, timeZone)}T${formatTime(d, timeZone)}:00`;
}

/**
 * An all-day job's dates in the company's zone, the end exclusive (RFC 5545):
 * an end at local midnight is the next day already; any other end counts its
 * own day; at least one day.
 */
export function allDayDates(job: Pick<FeedJob, 'startDate' | 'endDate'>, timeZone: string) {
  const start = ymdOfInstant(job.startDate, timeZone);
  const endDay = ymdOfInstant(job.endDate, timeZone);
  const atMidnight = formatTime(job.endDate, timeZone) === '00:00';
  let end = atMidnight ? endDay : addDays(endDay, 1);
  if (end <= start) end = addDays(start, 1);
  return { start, end };
}

/** A timed job's start and end: wall clock with its zone, else (no VTIMEZONE for it) UTC. */
function timed(job: Pick<FeedJob, 'startDate' | 'endDate'>, timeZone: string, zoned: boolean) {
  const end = job.endDate.getTime() > job.startDate.getTime() ? job.endDate : job.startDate;
  if (!zoned) return { start: job.startDate, end };
  return {
    start: wallClock(job.startDate, timeZone),
    end: wallClock(end, timeZone),
    timezone: timeZone,
  };
}

/** 'JOB-12 · Client: fault', leaving out what is empty. */
export function feedSummary(
  job: Pick<FeedJob, 'appointmentNumber' | 'clientName' | 'faultDescription'>,
) {
  const fault = oneLine(job.faultDescription);
  const what = [oneLine(job.clientName), fault].filter(Boolean).join(': ');
  return what ? `${job.appointmentNumber} · ${what}` : job.appointmentNumber;
}

/** The feed as iCalendar text: one event per job, its times in the company's zone. */
export function buildFeed(companyName: string, timeZone: string, jobs: FeedJob[]): string {
  // A zone the VTIMEZONE library lacks (Europe/Kyiv, ...) would leave a TZID that names
  // nothing, which parsers read as floating time: such a feed gives its times in UTC.
  const zoned = !!getVtimezoneComponent(timeZone);
  const cal = new ICalCalendar({
    name: oneLine(`${companyName} jobs`),
    prodId: { company: 'Fieldbook', product: 'Calendar feed', language: 'EN' },
    ttl: 60 * 60,
  });
  // Each event names its zone; the calendar adds one VTIMEZONE for it.
  cal.timezone({ name: null, generator: getVtimezoneComponent });
  cal.x('X-WR-TIMEZONE', timeZone);
  for (const job of jobs) {
    const times = job.isAllDayEvent
      ? { allDay: true, ...allDayDates(job, timeZone) }
      : timed(job, timeZone, zoned);
    const description = [
      `Status: ${oneLine(job.status)}`,
      lines(job.faultDescription) && `Fault: ${lines(job.faultDescription)}`,
    ]
      .filter(Boolean)
      .join('\n');
    cal.createEvent({
      id: `${job.id}@fieldbook`,
      ...times,
      summary: feedSummary(job),
      description,
      ...(lines(job.address) && { location: lines(job.address) }),
      lastModified: job.updatedAt,
      stamp: job.updatedAt,
    });
  }
  return cal.toString();
}
