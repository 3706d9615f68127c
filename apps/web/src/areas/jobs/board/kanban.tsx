import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Group, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DndContext, DragOverlay, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import {
  allowedMoves,
  boardColumns,
  boardMoveRefusal,
  boardMoves,
  columnOf,
  dropOnColumn,
  openingColumn,
  sortCards,
  type BoardSort,
  type TAppointmentType,
  type TJobCard,
} from '@fieldbook/core';
import { moveRefusalMessage, useMoveJob } from '../../../api/use-board';
import { usePhone } from '../../../ui/use-phone';
import { BoardColumn } from './board-column';
import {
  boardAnnouncements,
  boardCollision,
  DRAG_INSTRUCTIONS,
  useBoardSensors,
} from './board-dnd';
import { DraggedCard, JobCard } from './job-card';

interface KanbanProps {
  type: TAppointmentType;
  /** The type's active jobs the user filter lets through. */
  cards: TJobCard[];
  sort: BoardSort;
  /** The phone's column (from the address); null: the first. */
  col: string | null;
  onCol: (col: string) => void;
  onOpen: (id: string) => void;
  /** Whether the user may change jobs (appointments u). */
  canMove: boolean;
  timeZone: string | undefined;
}

/**
 * The Statuses view: one column per board column of the type (core
 * boardColumns), cards dragged between them with the mouse, a finger or the
 * keyboard, or moved with their "Move to…" menu. The workflow's links are
 * checked while dragging (core allowedMoves); the server checks them again
 * with the required fields, and a refusal puts the card back with its words.
 */
export function Kanban({ type, cards, sort, col, onCol, onOpen, canMove, timeZone }: KanbanProps) {
  const phone = usePhone();
  const board = useRef<HTMLDivElement>(null);
  const sensors = useBoardSensors(board);
  const move = useMoveJob();
  const columns = useMemo(() => boardColumns(type.statuses), [type.statuses]);
  // Cards being saved sit in their new column until the save ends (no flicker back).
  const [pending, setPending] = useState<Record<string, string>>({});
  // While a card is dragged the board holds still: a push refetching the
  // list does not move cards (or the dragged one) under the pointer.
  const [drag, setDrag] = useState<{ card: TJobCard; cards: TJobCard[] } | null>(null);
  const shown = drag?.cards ?? cards;

  const placeOf = (c: TJobCard) => pending[c._id] ?? columnOf(c, columns);
  const byColumn = useMemo(() => {
    const map = new Map<string, TJobCard[]>(columns.map((c) => [c, []]));
    for (const card of shown) map.get(pending[card._id] ?? columnOf(card, columns))?.push(card);
    for (const [k, list] of map) map.set(k, sortCards(list, sort));
    return map;
  }, [shown, columns, sort, pending]);
  const movesOf = (c: TJobCard) => allowedMoves(type.statuses, c);

  const save = async (card: TJobCard, column: string, announce: boolean) => {
    if (column === placeOf(card)) return;
    const refusal = boardMoveRefusal(type.statuses, card, column, columns);
    if (refusal) {
      notifications.show({ color: 'red', title: 'Not moved', message: refusal });
      return;
    }
    setPending((p) => ({ ...p, [card._id]: column }));
    try {
      await move.mutateAsync({ card, move: dropOnColumn(column) });
      if (announce)
        notifications.show({
          color: 'green',
          // A final or hidden status has no column: the job leaves the board.
          message: columns.includes(column)
            ? `Job ${card.appointmentNumber} moved to ${column}`
            : `Job ${card.appointmentNumber} moved to ${column}, which is not on the board`,
        });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Not moved', message: moveRefusalMessage(err) });
    } finally {
      setPending(({ [card._id]: _, ...rest }) => rest);
    }
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const card = cards.find((c) => c._id === active.id);
    if (card) setDrag({ card, cards });
  };
  const onDragEnd = ({ over }: DragEndEvent) => {
    const card = drag?.card;
    setDrag(null);
    if (card && over) void save(card, String(over.id), false);
  };

  const jobOf = (id: string | number) =>
    shown.find((c) => c._id === id)?.appointmentNumber ?? String(id);
  const allowedHere = drag ? movesOf(drag.card) : null;
  const announcements = boardAnnouncements(jobOf, (c) => !allowedHere || allowedHere.includes(c));

  const count = (c: string) => byColumn.get(c)?.length ?? 0;
  // A phone opens on the first column with jobs (not an empty Unscheduled), and
  // writes it to the address, so a move does not switch the column under the user.
  const current = col && columns.includes(col) ? col : openingColumn(columns, count);
  const visible = phone ? [current] : columns;
  useEffect(() => {
    if (phone && current !== col) onCol(current);
  }, [phone, current, col, onCol]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollision}
      // Scroll the board sideways only when the card nears its very edge.
      autoScroll={{ threshold: { x: 0.08, y: 0.15 }, acceleration: 6 }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDrag(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
    >
      {phone && (
        <Select
          label="Status"
          mb="sm"
          allowDeselect={false}
          value={current}
          onChange={(v) => v && onCol(v)}
          data={columns.map((c) => ({ value: c, label: `${c} (${count(c)})` }))}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Box
        ref={board}
        data-testid="board-scroll"
        pb="xs"
        // The columns scroll sideways inside the board, never the page
        // (contain: the board's width never follows its columns).
        style={{ overflowX: phone ? 'hidden' : 'auto', width: '100%', contain: 'inline-size' }}
      >
        <Group gap="sm" align="flex-start" wrap="nowrap" w={phone ? '100%' : 'max-content'}>
          {visible.map((column) => (
            <BoardColumn
              key={column}
              name={column}
              count={count(column)}
              fill={phone}
              allowed={allowedHere ? allowedHere.includes(column) : null}
              items={byColumn.get(column)!}
              itemKey={(card) => card._id}
              render={(card) => (
                <JobCard
                  card={card}
                  timeZone={timeZone}
                  disabled={!canMove || !!pending[card._id]}
                  moves={boardMoves(type.statuses, card, columns)}
                  onOpen={() => onOpen(card._id)}
                  onMove={(to) => void save(card, to, true)}
                />
              )}
            />
          ))}
        </Group>
      </Box>
      <DragOverlay dropAnimation={null}>
        {drag && <DraggedCard card={drag.card} timeZone={timeZone} />}
      </DragOverlay>
    </DndContext>
  );
}
