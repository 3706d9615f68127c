import { notifications } from '@mantine/notifications';
import type { DropInfo, EventChangeInfo } from '@fullcalendar/react';
import { dropOnCalendar, dropOnColumn, UNSCHEDULED, type TJobCard } from '@fieldbook/core';
import { moveRefusalMessage, useMoveJob, type CardMove } from '../../../api/use-board';

/**
 * The saves the schedule makes (spec §4): a card dropped on the calendar,
 * an event moved or resized, an event taken back to Unscheduled. A refusal
 * puts the event back and shows the server's message in red.
 */
export function useCalendarMoves(unscheduled: readonly TJobCard[]) {
  const move = useMoveJob();
  const save = (card: TJobCard, m: CardMove, revert?: () => void) =>
    move.mutate(
      { card, move: m },
      {
        onError: (e) => {
          revert?.();
          notifications.show({ color: 'red', title: 'Not moved', message: moveRefusalMessage(e) });
        },
      },
    );

  return {
    onChange: (card: TJobCard, info: EventChangeInfo) => {
      const start = info.event.start;
      if (!start) return info.revert();
      save(
        card,
        dropOnCalendar(card, { start, end: info.event.end, allDay: info.event.allDay }),
        info.revert,
      );
    },
    onDropCard: (cardId: string, info: DropInfo) => {
      const card = unscheduled.find((c) => c._id === cardId);
      if (card) save(card, dropOnCalendar(card, { start: info.date, allDay: info.allDay }));
    },
    /** The 'Schedule…' action: an unscheduled job at a chosen time, one hour long. */
    scheduleAt: (card: TJobCard, start: Date) =>
      save(card, dropOnCalendar(card, { start, allDay: false })),
    unschedule: (card: TJobCard) => save(card, dropOnColumn(UNSCHEDULED)),
  };
}
