import { DEFAULT_TIME_ZONE, type TPortalLinkStatus } from '@fieldbook/core';

/** An instant as a day a person reads: '28 February 2027', in the company's zone. */
export function portalDate(iso: string, timeZone: string = DEFAULT_TIME_ZONE): string {
  return new Date(iso).toLocaleDateString('en-ZA', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone,
  });
}

/** A job's time as the client reads it: the day, and the hours unless it takes the whole day. */
export function jobWhen(
  j: { start: string; end: string; allDay: boolean },
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const day = new Date(j.start).toLocaleDateString('en-ZA', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  });
  if (j.allDay) return day;
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString('en-ZA', {
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
      timeZone,
    });
  return `${day}, ${time(j.start)}–${time(j.end)}`;
}

/** What a portal link's state means to staff, in a sentence. */
export function stateLine(s: TPortalLinkStatus, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (s.state === 'none') return 'The client has no portal link yet.';
  if (s.state === 'revoked') return 'The last link was revoked: it opens nothing.';
  const until = s.expiresAt ? portalDate(s.expiresAt, timeZone) : '';
  if (s.state === 'expired') return `Expired on ${until}.`;
  const used = s.lastUsedAt
    ? ` Last opened ${portalDate(s.lastUsedAt, timeZone)}.`
    : ' Not opened yet.';
  return `Works until ${until}.${used}`;
}
