import {
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import type { RefObject } from 'react';

/** The pointer's column when there is a pointer; otherwise (keyboard) the card's overlap. */
export const boardCollision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

/**
 * Arrow keys move a picked-up card a whole column left or right (up and
 * down do nothing: a column has no order to choose).
 */
function columnStepper(board: RefObject<HTMLElement | null>): KeyboardCoordinateGetter {
  return (event, { currentCoordinates, context }) => {
    const dir = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    if (!dir || !board.current) return undefined;
    event.preventDefault();
    const rects = [...board.current.querySelectorAll<HTMLElement>('[data-column]')].map((n) =>
      n.getBoundingClientRect(),
    );
    if (!rects.length) return undefined;
    const width = context.collisionRect?.width ?? 0;
    const centre = currentCoordinates.x + width / 2;
    let at = rects.findIndex((r) => centre >= r.left && centre <= r.right);
    if (at < 0)
      at = rects.reduce(
        (best, r, i) =>
          Math.abs(r.left + r.width / 2 - centre) <
          Math.abs(rects[best]!.left + rects[best]!.width / 2 - centre)
            ? i
            : best,
        0,
      );
    const next = rects[Math.min(rects.length - 1, Math.max(0, at + dir))]!;
    return { x: next.left + (next.width - width) / 2, y: next.top + 40 };
  };
}

/**
 * Mouse (after a 5 px move, so a click still opens the card), touch (after a
 * short press, so a finger can still scroll the column; the mouse sensor,
 * unlike a pointer sensor, leaves fingers to it) and keyboard (Space
 * picks up and drops, arrows move between columns, Escape cancels; Enter is
 * left to open the job).
 */
export function useBoardSensors(board: RefObject<HTMLElement | null>) {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnStepper(board),
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space'] },
    }),
  );
}

export const DRAG_INSTRUCTIONS =
  'To move a job, press Space to pick it up. Use the left and right arrow keys to choose a ' +
  'column, then press Space to drop it there, or Escape to cancel. Press Enter to open the job.';

/** What a screen reader hears while a card moves, in words. */
export function boardAnnouncements(
  jobOf: (id: string | number) => string,
  allowed: (column: string) => boolean,
): Announcements {
  const where = (over: { id: string | number } | null) =>
    over
      ? `over ${over.id}${allowed(String(over.id)) ? '' : ', which this job may not move to'}`
      : 'not over a column';
  return {
    onDragStart: ({ active }) => `Picked up job ${jobOf(active.id)}.`,
    onDragOver: ({ active, over }) => `Job ${jobOf(active.id)} is ${where(over)}.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Job ${jobOf(active.id)} was dropped on ${over.id}.`
        : `Job ${jobOf(active.id)} was dropped outside the columns and stays where it was.`,
    onDragCancel: ({ active }) => `Moving job ${jobOf(active.id)} was cancelled.`,
  };
}
