import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box } from '@mantine/core';
import FullCalendar, {
  type CalendarRef,
  type DatesSetInfo,
  type DropInfo,
  type EventChangeInfo,
  type EventDragStopInfo,
  type EventInput,
} from '@fullcalendar/react';
import classicTheme from '@fullcalendar/react/themes/classic';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import interactionPlugin from '@fullcalendar/react/interaction';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { ymdOfInstant, type TJobCard } from '@fieldbook/core';
import { CALENDAR_VIEWS, type CalendarView } from '../board/board-url';
import { usePhone } from '../../../ui/use-phone';
import { CalendarToolbar } from './calendar-toolbar';
import { businessHours, cardEvent, readDayStart, storeDayStart } from './calendar-time';
import './job-calendar.css';

const PLUGINS = [classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const PHONE_VIEWS: CalendarView[] = ['timeGridDay', 'listWeek', 'dayGridMonth'];

export interface JobCalendarProps {
  /** The scheduled jobs to draw (cards of the loaded range, or a client's jobs). */
  cards: readonly TJobCard[];
  timeZone: string;
  /** YYYY-MM-DD in the company's zone; null: today. */
  date: string | null;
  /** null: the week time grid (a day time grid on a phone). */
  view: CalendarView | null;
  onNavigate: (date: string, view: CalendarView) => void;
  /** The visible range changed (FullCalendar's range strings, with the zone's offset). */
  onVisible?: (startStr: string, endStr: string) => void;
  onOpenJob: (id: string) => void;
  /** Jobs that stay where they are (finished: their status is final or hidden). */
  fixed?: (card: TJobCard) => boolean;
  /** Moving or resizing an event; `revert` puts it back when the save is refused. */
  onChange?: (card: TJobCard, change: EventChangeInfo) => void;
  /** A card from the unscheduled column dropped on the calendar. */
  onDropCard?: (cardId: string, info: DropInfo) => void;
  /** An event let go outside the calendar (for the unscheduled column). */
  onDragOut?: (card: TJobCard, info: EventDragStopInfo) => void;
}

/**
 * The company's jobs on FullCalendar, in the company's time zone: month, week
 * and day grids and the week list, with 'Day starts' (07:00 to 17:00,
 * remembered) scrolling the time grid and marking working hours. The schedule,
 * /calendar and the client's Calendar tab all draw through it.
 */
export function JobCalendar(p: JobCalendarProps) {
  const phone = usePhone();
  const ref = useRef<CalendarRef>(null);
  const [dayStart, setDayStart] = useState(readDayStart);
  const [title, setTitle] = useState('');
  const views = phone ? PHONE_VIEWS : CALENDAR_VIEWS;
  const asked = p.view && views.includes(p.view) ? p.view : null;
  const view: CalendarView = asked ?? (phone ? 'timeGridDay' : 'timeGridWeek');
  const editable = !!p.onChange;
  const fixed = p.fixed;
  const live = useMemo(
    () => p.cards.map((c) => cardEvent(c, editable && !fixed?.(c))),
    [p.cards, editable, fixed],
  );
  // A refetch while an event is held must not pull it from under the finger.
  const [held, setHeld] = useState<EventInput[] | null>(null);
  const events = held ?? live;

  // The address leads: Back or a link moves the calendar to its date and view.
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view.type !== view) api.changeView(view);
    if (p.date) {
      const shown = ymdOfInstant(api.view.currentStart, p.timeZone);
      const end = ymdOfInstant(api.view.currentEnd.getTime() - 1, p.timeZone);
      if (p.date < shown || p.date > end) api.gotoDate(p.date);
    }
  }, [p.date, view, p.timeZone]);

  // FullCalendar may call datesSet with the callback of an earlier render: it reads the latest.
  const latest = useRef({ p, view });
  useLayoutEffect(() => {
    latest.current = { p, view };
  });
  // The date and view the address holds or was last asked to hold. A second click (Previous
  // right after Next) can come before the address's render: it is judged against what the
  // first asked for, not the render before it, or it would look like no move and be undone.
  const addressed = useRef({ date: p.date, view });
  useLayoutEffect(() => {
    addressed.current = { date: p.date, view };
  }, [p.date, view]);
  const onDatesSet = (info: DatesSetInfo) => {
    const { p: now } = latest.current;
    setTitle(info.view.title);
    now.onVisible?.(info.startStr, info.endStr);
    const first = ymdOfInstant(info.view.currentStart, now.timeZone);
    const end = ymdOfInstant(info.view.currentEnd, now.timeZone);
    const shown = addressed.current.date ?? today(now.timeZone);
    const type = info.view.type as CalendarView;
    // The user moved: the address follows (a view of today opened without a date stays so).
    if (type !== addressed.current.view || shown < first || shown >= end) {
      addressed.current = { date: first, view: type };
      now.onNavigate(first, type);
    }
  };

  const pickDayStart = (v: string) => {
    setDayStart(v);
    storeDayStart(v);
    ref.current?.getApi().scrollToTime(v);
  };
  const api = () => ref.current?.getApi();

  return (
    <Box className="job-calendar" data-testid="job-calendar">
      <CalendarToolbar
        title={title}
        view={view}
        views={views}
        dayStart={dayStart}
        onDayStart={pickDayStart}
        onPrev={() => api()?.prev()}
        onNext={() => api()?.next()}
        onToday={() => api()?.today()}
        onView={(v) => api()?.changeView(v)}
      />
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        timeZone={p.timeZone}
        initialView={view}
        initialDate={p.date ?? undefined}
        headerToolbar={false}
        height={phone ? 620 : 720}
        firstDay={1}
        nowIndicator
        // A busy month shows what fits in a day and '+N more'; a busy hour four side by side
        // and '+N': thousands of events never all reach the page (docs/performance.md).
        dayMaxEvents
        eventMaxStack={4}
        allDaySlot
        slotHeaderFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        scrollTime={dayStart}
        businessHours={businessHours(dayStart)}
        events={events}
        editable={editable}
        droppable={!!p.onDropCard}
        longPressDelay={350}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          latest.current.p.onOpenJob(info.event.id);
        }}
        datesSet={onDatesSet}
        eventDragStart={() => setHeld(live)}
        eventResizeStart={() => setHeld(live)}
        eventResizeStop={() => setHeld(null)}
        eventDragStop={(info) => {
          setHeld(null);
          const card = info.event.extendedProps.card as TJobCard | undefined;
          if (card) latest.current.p.onDragOut?.(card, info);
        }}
        eventDrop={(info) => change(latest.current.p, info)}
        eventResize={(info) => change(latest.current.p, info)}
        drop={(info) => {
          const id = info.draggedEl.dataset.cardId;
          if (id) latest.current.p.onDropCard?.(id, info);
        }}
      />
    </Box>
  );
}

function change(p: JobCalendarProps, info: EventChangeInfo) {
  const card = info.event.extendedProps.card as TJobCard | undefined;
  if (card && p.onChange) p.onChange(card, info);
  else info.revert();
}

const today = (tz: string) => ymdOfInstant(Date.now(), tz);
