import { useCallback, useMemo } from 'react';
import {
  DEFAULT_TIME_ZONE,
  currentPeriod,
  parsePeriodQuery,
  type Period,
  type PeriodType,
} from '@fieldbook/core';
import { useScreenSearchParams } from './use-screen-search';

/**
 * The one period state of the date-filtered screens (invoices, expenses, accounting): held in
 * the page's URL (`from`, `to`, `type`, as the API reads them), so a reload, a link or Back
 * shows the same period. Without them, or with ones that do not read as a period, the current
 * period of `defaultType` in the company's zone; until the company has loaded the default zone
 * stands in, and the current period follows the company's zone when it arrives. A change
 * replaces the history entry: Back leaves the screen rather than stepping through periods.
 */
export function usePeriod(timeZone: string | undefined, defaultType: PeriodType = 0) {
  const tz = timeZone ?? DEFAULT_TIME_ZONE;
  const [params, setParams] = useScreenSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const type = params.get('type') ?? undefined;
  // One object per period, so what depends on it sees a change only when the period changes.
  const period = useMemo((): Period => {
    try {
      if (from || to) return parsePeriodQuery({ from, to, type: type ?? defaultType }, tz);
    } catch {
      // Not a period: the current one instead.
    }
    return currentPeriod(defaultType, tz);
  }, [from, to, type, defaultType, tz]);
  const setPeriod = useCallback(
    (p: Period) =>
      setParams(
        (old) => {
          const next = new URLSearchParams(old);
          next.set('from', p.from);
          next.set('to', p.to);
          next.set('type', String(p.type));
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [period, setPeriod] as const;
}

/** The query string of a date-filtered GET (DECISIONS §5). */
export const periodQuery = (p: Period) => `from=${p.from}&to=${p.to}&type=${p.type}`;
