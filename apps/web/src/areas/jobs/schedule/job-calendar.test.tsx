// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import type { DatesSetInfo } from '@fullcalendar/react';
import { JobCalendar } from './job-calendar';

// FullCalendar itself does not lay out in happy-dom: a stand-in keeps the `datesSet` it is
// given, so a test can say "the calendar now shows this week" as FullCalendar would.
const calendar = vi.hoisted(() => ({ datesSet: null as null | ((i: unknown) => void) }));
vi.mock('@fullcalendar/react', () => ({
  default: (props: { datesSet: (i: unknown) => void }) => {
    calendar.datesSet = props.datesSet;
    return null;
  },
}));
vi.mock('../../../ui/use-phone', () => ({ usePhone: () => false }));

const TZ = 'Africa/Johannesburg';

/** What FullCalendar passes when the week from `monday` (YYYY-MM-DD) is shown. */
function weekOf(monday: string): DatesSetInfo {
  const start = new Date(`${monday}T00:00:00+02:00`);
  const end = new Date(start.getTime() + 7 * 86_400_000);
  return {
    start,
    end,
    startStr: start.toISOString(),
    endStr: end.toISOString(),
    timeZone: TZ,
    view: { type: 'timeGridWeek', title: monday, currentStart: start, currentEnd: end },
  } as unknown as DatesSetInfo;
}

function open(date: string, onNavigate: (d: string, v: string) => void) {
  return render(
    <MantineProvider>
      <JobCalendar
        cards={[]}
        timeZone={TZ}
        date={date}
        view="timeGridWeek"
        onNavigate={onNavigate}
        onOpenJob={() => {}}
      />
    </MantineProvider>,
  );
}

describe('the job calendar and its address', () => {
  afterEach(cleanup);

  it('asks the address for the week the user moved to', () => {
    const onNavigate = vi.fn();
    open('2026-12-07', onNavigate);
    act(() => calendar.datesSet!(weekOf('2026-12-07')));
    expect(onNavigate).not.toHaveBeenCalled();
    act(() => calendar.datesSet!(weekOf('2026-12-14')));
    expect(onNavigate).toHaveBeenLastCalledWith('2026-12-14', 'timeGridWeek');
  });

  it('takes Previous right after Next as a move, before the address has rendered', () => {
    // Next asked the address for the 14th; the router's render of it is still to come when
    // Previous brings the calendar back to the 7th. The address must follow to the 7th, or
    // the late render of the 14th moves the calendar there and Previous is lost.
    const onNavigate = vi.fn();
    open('2026-12-07', onNavigate);
    act(() => calendar.datesSet!(weekOf('2026-12-14')));
    act(() => calendar.datesSet!(weekOf('2026-12-07')));
    expect(onNavigate.mock.calls).toEqual([
      ['2026-12-14', 'timeGridWeek'],
      ['2026-12-07', 'timeGridWeek'],
    ]);
  });
});
