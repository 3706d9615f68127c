import { ICalCalendar } from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { addDays, formatTime, ymdOfInstant } from '@fieldbook/core';
import type { FeedJob } from '../jobs/index.js';

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

/** 'JOB-12 · Client: fault', leaving out what is empty. */
export function feedSummary(
  job: Pick<FeedJob, 'appointmentNumber' | 'clientName' | 'faultDescription'>,
) {
  const fault = job.faultDescription.replace(/\s+/g, ' ').trim();
  const what = [job.clientName.trim(), fault].filter(Boolean).join(': ');
  return what ? `${job.appointmentNumber} · ${what}` : job.appointmentNumber;
}

/** The feed as iCalendar text: one event per job, its times in the company's zone. */
export function buildFeed(companyName: string, timeZone: string, jobs: FeedJob[]): string {
  const cal = new ICalCalendar({
    name: `${companyName} jobs`,
    prodId: { company: 'Fieldbook', product: 'Calendar feed', language: 'EN' },
    ttl: 60 * 60,
  });
  // Each event names its zone; the calendar adds one VTIMEZONE for it.
  cal.timezone({ name: null, generator: getVtimezoneComponent });
  cal.x('X-WR-TIMEZONE', timeZone);
  for (const job of jobs) {
    const times = job.isAllDayEvent
      ? { allDay: true, ...allDayDates(job, timeZone) }
      : {
          start: wallClock(job.startDate, timeZone),
          end: wallClock(
            job.endDate.getTime() > job.startDate.getTime() ? job.endDate : job.startDate,
            timeZone,
          ),
          timezone: timeZone,
        };
    const description = [
      `Status: ${job.status}`,
      job.faultDescription.trim() && `Fault: ${job.faultDescription.trim()}`,
    ]
      .filter(Boolean)
      .join('\n');
    cal.createEvent({
      id: `${job.id}@fieldbook`,
      ...times,
      summary: feedSummary(job),
      description,
      ...(job.address && { location: job.address }),
      lastModified: job.updatedAt,
      stamp: job.updatedAt,
    });
  }
  return cal.toString();
}
