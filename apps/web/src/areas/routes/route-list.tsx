import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { ActionIcon, Badge, Checkbox, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { cardText, type TJobCard } from '@fieldbook/core';
import type { StopChoice, TimedStop } from './route-plan';

export interface RouteListProps {
  jobs: TJobCard[];
  choices: Record<string, StopChoice>;
  times: Map<string, TimedStop>;
  /** The place number of each routed stop (1-based). */
  places: Map<string, number>;
  timeZone: string;
  onMove: (from: number, to: number) => void;
  onChoice: (id: string, patch: Partial<StopChoice>) => void;
}

const hhmm = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
const toMinutes = (v: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(v);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};
const fromMinutes = (m: number | undefined) =>
  m === undefined
    ? ''
    : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The day's stops in route order: drag (pointer, touch, keyboard) or Up/Down to reorder. */
export function RouteList(props: RouteListProps) {
  const { jobs, onMove } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = jobs.findIndex((j) => j._id === e.active.id);
    const to = jobs.findIndex((j) => j._id === e.over!.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  const label = (id: string | number) =>
    `stop #${jobs.find((j) => j._id === id)?.appointmentNumber ?? ''}`;
  const place = (id: string | number | undefined) => jobs.findIndex((j) => j._id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${label(active.id)} in place ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${label(active.id)} is over place ${place(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${label(active.id)} was dropped in place ${place(over.id)}.`
        : `${label(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${label(active.id)} was cancelled.`,
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a stop, press space or enter, then the arrow keys, then space or enter to drop it, or escape to cancel.',
        },
      }}
    >
      <SortableContext items={jobs.map((j) => j._id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" role="list" aria-label="Route stops" data-testid="route-list">
          {jobs.map((j, i) => (
            <RouteRow key={j._id} job={j} index={i} {...props} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function RouteRow({
  job,
  index,
  jobs,
  choices,
  times,
  places,
  timeZone,
  onMove,
  onChoice,
}: RouteListProps & { job: TJobCard; index: number }) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: job._id });
  const choice = choices[job._id] ?? { pinned: false, window: null, included: true };
  const verified = !!job.positionVerified && !!job.googlePosition;
  const t = times.get(job._id);
  const start = t?.startDate ?? job.startDate;
  const end = t?.endDate ?? job.endDate;
  const place = places.get(job._id);
  const client = `${job.clientName} ${job.clientSurname ?? ''}`.trim();
  const setWindow = (key: 'from' | 'to', v: string) => {
    const m = toMinutes(v);
    const w = { from: choice.window?.from ?? 0, to: choice.window?.to ?? 24 * 60, [key]: m ?? 0 };
    onChoice(job._id, { window: v === '' && key === 'from' && !choice.window?.to ? null : w });
  };
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      role="listitem"
      data-testid="route-stop"
      data-id={job._id}
      aria-label={`Stop ${job.appointmentNumber}`}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
      }}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="subtle"
          size={44}
          aria-label={`Drag ${job.appointmentNumber}`}
          {...attributes}
          {...listeners}
          style={{ touchAction: 'none', cursor: 'grab' }}
        >
          <IconGripVertical size={18} />
        </ActionIcon>
        <Badge size="lg" circle variant={place ? 'filled' : 'outline'} data-testid="route-place">
          {place ?? '–'}
        </Badge>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} data-testid="route-time">
              {hhmm(start, timeZone)}–{hhmm(end, timeZone)}
            </Text>
            <Text>#{job.appointmentNumber}</Text>
            <Text>{client}</Text>
            {!verified && (
              <Badge color="orange" data-testid="route-unverified">
                No verified address
              </Badge>
            )}
            {!!t?.late && <Badge color="red">Window missed</Badge>}
          </Group>
          <Text size="sm" c="dimmed">
            {cardText(job.faultDescription)}
            {job.address ? ` · ${job.address}` : ''}
          </Text>
          <Group gap="sm" wrap="wrap" align="center">
            <Checkbox
              label="In route"
              checked={choice.included && verified}
              disabled={!verified}
              onChange={(e) => onChoice(job._id, { included: e.currentTarget.checked })}
            />
            <Switch
              label="Pin"
              checked={choice.pinned}
              onChange={(e) => onChoice(job._id, { pinned: e.currentTarget.checked })}
            />
            <Group gap={4} wrap="nowrap">
              <Text size="sm">Arrive between</Text>
              <TimeInput
                aria-label="Arrive from"
                size="xs"
                w={84}
                value={fromMinutes(choice.window?.from)}
                onChange={(e) => setWindow('from', e.currentTarget.value)}
              />
              <Text size="sm">and</Text>
              <TimeInput
                aria-label="Arrive by"
                size="xs"
                w={84}
                value={fromMinutes(choice.window?.to)}
                onChange={(e) => setWindow('to', e.currentTarget.value)}
              />
            </Group>
          </Group>
        </Stack>
        <Stack gap={0}>
          <ActionIcon
            variant="default"
            size={44}
            aria-label={`Move ${job.appointmentNumber} up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <IconArrowUp size={18} />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size={44}
            aria-label={`Move ${job.appointmentNumber} down`}
            disabled={index === jobs.length - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <IconArrowDown size={18} />
          </ActionIcon>
        </Stack>
      </Group>
    </Paper>
  );
}
