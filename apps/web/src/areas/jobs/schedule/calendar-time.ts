import { Temporal } from 'temporal-polyfill';
import type { EventInput } from '@fullcalendar/react';
import { BOARD, calendarRange, cardText, priorityBorder, type TJobCard } from '@fieldbook/core';

/** The instant a 'YYYY-MM-DD' day starts in `timeZone`. */
export function dayStartInstant(ymd: string, timeZone: string): string {
  return Temporal.PlainDate.from(ymd).toZonedDateTime({ timeZone }).toInstant().toString();
}

/**
 * What a calendar showing startStr..endStr loads (spec §9: months load a
 * 2-month range): core's calendarRange of the visible days, as instants of
 * the company's midnights. FullCalendar's range strings carry the zone's
 * offset, so their first ten characters are the company's dates.
 */
export function loadRange(
  startStr: string,
  endStr: string,
  timeZone: string,
): { from: string; to: string } {
  const { from, to } = calendarRange(startStr.slice(0, 10), endStr.slice(0, 10));
  return { from: dayStartInstant(from, timeZone), to: dayStartInstant(to, timeZone) };
}

const COLOURS = { red: '#c92a2a', orange: '#d9480f', green: '#2b8a3e' } as const;
const PLAIN = '#1971c2';

/** A job's words on the calendar: number, client, fault (cut to 30 characters). */
export function eventTitle(card: TJobCard): string {
  const client = `${card.clientName} ${card.clientSurname}`.trim();
  return [card.appointmentNumber, client, cardText(card.faultDescription)]
    .filter(Boolean)
    .join(' · ');
}

/** A scheduled job as a FullCalendar event, coloured by priority (spec §9). */
export function cardEvent(card: TJobCard, editable: boolean): EventInput {
  const border = priorityBorder(card.priority);
  const colour = border ? COLOURS[border.color] : PLAIN;
  return {
    id: card._id,
    title: eventTitle(card),
    start: card.startDate,
    end: card.endDate && card.endDate > card.startDate ? card.endDate : undefined,
    allDay: card.isAllDayEvent,
    color: colour,
    contrastColor: '#fff',
    editable,
    extendedProps: { card },
  };
}

/** The 'Day starts' choices (spec §9: working hours 7 to 17), 'HH:00'. */
export const DAY_START_CHOICES = BOARD.workHourChoices.map(
  (h) => `${String(h).padStart(2, '0')}:00`,
);

const DAY_START_KEY = 'fieldbook.schedule.dayStart';

/** The remembered 'Day starts' choice, 08:00 (spec §9) when none. */
export function readDayStart(): string {
  try {
    const v = localStorage.getItem(DAY_START_KEY);
    if (v && DAY_START_CHOICES.includes(v)) return v;
  } catch {
    // Storage may be off (private mode); the default stands.
  }
  return BOARD.workdayStart;
}

export function storeDayStart(v: string) {
  try {
    localStorage.setItem(DAY_START_KEY, v);
  } catch {
    // Not remembered, still used.
  }
}

/** Working hours from the day's start, nine hours long, Monday to Friday. */
export function businessHours(dayStart: string) {
  const h = Math.min(Number(dayStart.slice(0, 2)) + 9, 24);
  return {
    daysOfWeek: [1, 2, 3, 4, 5],
    startTime: dayStart,
    endTime: `${String(h).padStart(2, '0')}:00`,
  };
}
