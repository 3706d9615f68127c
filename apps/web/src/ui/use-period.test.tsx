// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import type { PeriodType } from '@fieldbook/core';
import { usePeriod } from './use-period';

// Late on 31 January in UTC: already 1 February in Johannesburg (the default zone),
// still 31 January in New York.
const NOW = new Date('2026-01-31T23:30:00Z');

function setup(url: string, timeZone?: string, defaultType?: PeriodType) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={['/start', url]} initialIndex={1}>
      {children}
    </MemoryRouter>
  );
  return renderHook(
    ({ tz }: { tz: string | undefined }) => {
      const [period, setPeriod] = usePeriod(tz, defaultType);
      const location = useLocation();
      return { period, setPeriod, search: location.search, how: useNavigationType() };
    },
    { wrapper, initialProps: { tz: timeZone } },
  );
}

describe('the period hook', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it("starts at the current month in the company's zone, the default zone until it loads", () => {
    const { result, rerender } = setup('/invoices');
    expect(result.current.period).toEqual({ from: '2026-02-01', to: '2026-02-28', type: 0 });
    rerender({ tz: 'America/New_York' });
    expect(result.current.period).toEqual({ from: '2026-01-01', to: '2026-01-31', type: 0 });
  });

  it("starts at the screen's default unit", () => {
    const day = setup('/accounting', 'America/New_York', 2);
    expect(day.result.current.period).toEqual({ from: '2026-01-31', to: '2026-01-31', type: 2 });
  });

  it('reads the period from the URL', () => {
    const { result } = setup('/invoices?from=2025-03-01&to=2025-03-31&type=0', 'UTC');
    expect(result.current.period).toEqual({ from: '2025-03-01', to: '2025-03-31', type: 0 });
  });

  it('falls back to the current period when the URL does not hold one', () => {
    const { result } = setup('/invoices?from=nonsense&type=0', 'America/New_York');
    expect(result.current.period).toEqual({ from: '2026-01-01', to: '2026-01-31', type: 0 });
  });

  it('writes a change into the URL, replacing the history entry and keeping other params', () => {
    const { result } = setup('/invoices?tab=paid', 'UTC');
    act(() => result.current.setPeriod({ from: '2025-04-07', to: '2025-04-07', type: 2 }));
    const params = new URLSearchParams(result.current.search);
    expect(Object.fromEntries(params)).toEqual({
      tab: 'paid',
      from: '2025-04-07',
      to: '2025-04-07',
      type: '2',
    });
    expect(result.current.how).toBe('REPLACE');
    expect(result.current.period).toEqual({ from: '2025-04-07', to: '2025-04-07', type: 2 });
  });

  it('keeps one period object while the period stays the same', () => {
    const { result, rerender } = setup('/invoices', 'UTC');
    const first = result.current.period;
    rerender({ tz: 'UTC' });
    expect(result.current.period).toBe(first);
  });
});
