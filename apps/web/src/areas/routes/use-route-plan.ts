import { useMemo, useRef, useState } from 'react';
import {
  calendarRange,
  cardMatches,
  dayStartIn,
  orderTimes,
  plannerSchedule,
  reorderedSortOrder,
  stopMinutesOf,
  type BoardFilter,
  type TCalculateRouteAnswer,
  type TJobCard,
  type TLatLng,
  type TPlannedStop,
  type TSortOrder,
} from '@fieldbook/core';
import { ApiError, errorMessage } from '../../api/api-client';
import { useRangeCards } from '../../api/use-board';
import { useRouteBase, useRouteCalls } from '../../api/use-routes';
import {
  currentValues,
  plannedStops,
  routable,
  stopTimes,
  type StopChoice,
  type TimedStop,
} from './route-plan';

type Route = TCalculateRouteAnswer['routes'][number];
/** A route not yet written: the optimiser's order, or a hand order with its legs. */
export interface Proposal {
  kind: 'optimised' | 'hand';
  order: string[];
  route: Route;
  times: TimedStop[];
}
interface UndoState {
  values: Omit<TPlannedStop, 'updatedAt'>[];
  order: TSortOrder;
}

export const CONFLICT = 'This job was changed by someone else; reload it';
const DEFAULT_CHOICE: StopChoice = { pinned: false, window: null, included: true };

/** One user's day as the planner gets it, and the route screen's actions on it. */
export function useRoutePlan(opts: {
  filter: BoardFilter & { userIds: readonly string[] };
  day: string;
  timeZone: string;
  startMinutes: number;
}) {
  const { filter, day, timeZone, startMinutes } = opts;
  const range = calendarRange(day, day);
  const cards = useRangeCards(
    dayStartIn(range.from, timeZone).toISOString(),
    dayStartIn(range.to, timeZone).toISOString(),
  );
  const base = useRouteBase();
  const calls = useRouteCalls();
  // The planner's order (displayOrder, then start), then the saved hand order
  // (sortOrder) over it: a drag is kept across a reload before it is applied.
  const dayJobs = useMemo(
    () =>
      [
        ...(plannerSchedule(
          (cards.data ?? []).filter((c) => cardMatches(c, filter) && !c.isAllDayEvent),
          day,
          'day',
          timeZone,
        )[0]?.jobs ?? []),
      ].sort((a, b) => a.sortOrder - b.sortOrder),
    [cards.data, filter, day, timeZone],
  );
  // A hand order shown before the jobs come back with it; dropped when the day's jobs change.
  const [handOrder, setHandOrder] = useState<string[] | null>(null);
  const [choices, setChoices] = useState<Record<string, StopChoice>>({});
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [undo, setUndo] = useState<UndoState | null>(null);
  const [message, setMessage] = useState<{ color: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Each hand move counts; an older move's legs arriving late are dropped.
  const moves = useRef(0);

  const byId = useMemo(() => new Map(dayJobs.map((j) => [j._id, j])), [dayJobs]);
  const order = proposal?.order ?? handOrder;
  const jobs: TJobCard[] = order
    ? [
        ...order.flatMap((id) => byId.get(id) ?? []),
        ...dayJobs.filter((j) => !order.includes(j._id)),
      ]
    : dayJobs;
  const choice = (id: string) => choices[id] ?? DEFAULT_CHOICE;
  const routed = jobs.filter((j) => routable(j, choices[j._id]));
  const leftOut = jobs.filter((j) => !j.positionVerified || !j.googlePosition).length;
  const origin: TLatLng | null = base.data?.basePosition ?? routed[0]?.googlePosition ?? null;
  // The times shown: the route answer's for its order, else the stops' own
  // when they follow the list, else those of the list's order (core orderTimes).
  const times: TimedStop[] =
    proposal?.times ??
    orderTimes(
      routed.map((j) => ({
        id: j._id,
        startDate: j.startDate,
        endDate: j.endDate,
        position: j.googlePosition!,
      })),
      {
        origin,
        zone: timeZone,
        day,
        workdayStartMinutes: startMinutes,
        windows: routed.map((j) => choice(j._id).window),
      },
    ) ??
    [];

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.status === 409) {
      setMessage({ color: 'red', text: CONFLICT });
      setProposal(null);
      void calls.refetchJobs();
    } else setMessage({ color: 'red', text: errorMessage(e) });
  };
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    try {
      await f();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  /** Asks for the route of `stops`; with `keepOrder` every stop is pinned (a hand order's legs). */
  const calculate = async (stops: TJobCard[], keepOrder: boolean) => {
    const answer = await calls.calculate({
      origin: origin!,
      dest: origin!,
      markers: stops.map((s) => s.googlePosition!),
      pinned: stops.flatMap((s, i) => (keepOrder || choice(s._id).pinned ? [i] : [])),
      windows: stops.map((s) => choice(s._id).window),
      stopMinutes: stops.map((s) => Math.min(stopMinutesOf(s.startDate, s.endDate), 24 * 60)),
      startMinutes,
    });
    const route = answer.routes[0];
    if (answer.status !== 'OK' || !route) {
      setMessage({
        color: 'orange',
        text: `The route could not be calculated (${answer.error ?? answer.status}); nothing was changed.`,
      });
      return null;
    }
    const visited = route.waypoint_order.map((i) => stops[i]!);
    const times = stopTimes(visited, route.legs, {
      day,
      timeZone,
      startMinutes,
      windows: visited.map((s) => choice(s._id).window),
    });
    return { route, visited, times };
  };

  const sortBody = (ids: string[]): TSortOrder =>
    reorderedSortOrder(
      ids,
      dayJobs.map((j) => j.sortOrder),
    );
  const withUnrouted = (ids: string[]) => [
    ...ids,
    ...jobs.map((j) => j._id).filter((id) => !ids.includes(id)),
  ];

  const optimise = () =>
    run(async () => {
      setMessage(null);
      if (!routed.length || !origin) return;
      const r = await calculate(routed, false);
      if (!r) return;
      setProposal({
        kind: 'optimised',
        order: withUnrouted(r.visited.map((s) => s._id)),
        route: r.route,
        times: r.times,
      });
    });

  const move = (from: number, to: number) =>
    run(async () => {
      setMessage(null);
      const ids = jobs.map((j) => j._id);
      const seq = ++moves.current;
      const [id] = ids.splice(from, 1);
      ids.splice(to, 0, id!);
      setHandOrder(ids);
      setProposal(null);
      await calls.sortOrder(sortBody(ids));
      const stops = ids
        .flatMap((i) => byId.get(i) ?? [])
        .filter((j) => routable(j, choices[j._id]));
      if (!stops.length || !origin) return;
      const r = await calculate(stops, true);
      if (r && seq === moves.current)
        setProposal({ kind: 'hand', order: ids, route: r.route, times: r.times });
    });

  const apply = () =>
    run(async () => {
      if (!proposal) return;
      const timedIds = new Set(proposal.times.map((t) => t.id));
      const before = jobs.filter((j) => timedIds.has(j._id));
      const previous: UndoState = {
        values: currentValues(before),
        order: sortBody(dayJobs.map((j) => j._id)),
      };
      await calls.plan({ stops: plannedStops(proposal.times, byId) });
      await calls.sortOrder(sortBody(proposal.order));
      setUndo(previous);
      setHandOrder(proposal.order);
      setProposal(null);
      setMessage({ color: 'green', text: 'The route was applied.' });
      await calls.refetchJobs();
    });

  const undoApply = () =>
    run(async () => {
      if (!undo) return;
      // The jobs as they are now: their new updatedAt goes with the old values.
      const now = await cards.refetch();
      const fresh = new Map((now.data ?? []).map((j) => [j._id, j] as const));
      const stops = undo.values.map((v) => ({
        ...v,
        updatedAt: fresh.get(v._id)?.updatedAt ?? byId.get(v._id)!.updatedAt,
      }));
      await calls.plan({ stops });
      await calls.sortOrder(undo.order);
      // A hand order made after the Apply (and its legs still on their way) is gone with it.
      moves.current++;
      setProposal(null);
      setUndo(null);
      setHandOrder(undo.order.map((o) => o._id));
      setMessage({ color: 'green', text: 'The previous route is back.' });
      await calls.refetchJobs();
    });

  return {
    cards,
    base,
    jobs,
    routed,
    leftOut,
    origin,
    choices,
    setChoice: (id: string, patch: Partial<StopChoice>) => {
      setChoices((c) => ({ ...c, [id]: { ...(c[id] ?? DEFAULT_CHOICE), ...patch } }));
      setProposal(null);
    },
    setIncluded: (ids: Set<string>) =>
      setChoices((c) =>
        Object.fromEntries(
          jobs.map((j) => [j._id, { ...(c[j._id] ?? DEFAULT_CHOICE), included: ids.has(j._id) }]),
        ),
      ),
    proposal,
    times,
    undo,
    message,
    setMessage,
    busy,
    optimise,
    move,
    apply,
    undoApply,
    discard: () => setProposal(null),
  };
}
