import { useEffect, useMemo } from 'react';
import {
  normaliseSelection,
  SCHEDULED,
  toggleType,
  UNSCHEDULED,
  type BoardFilter,
  type BoardView,
  type TAppointmentType,
} from '@fieldbook/core';
import { useBoardParams, type BoardParams } from './board-url';

/** Adds or removes `id`; the whole set written back as null ("all"). */
function toggled(current: readonly string[] | null, all: readonly string[], id: string) {
  const now = current ?? all;
  const next = now.includes(id) ? now.filter((x) => x !== id) : [...now, id];
  return all.every((x) => next.includes(x)) ? null : all.filter((x) => next.includes(x));
}

const same = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (!!a && !!b && a.length === b.length && a.every((x, i) => x === b[i]));

/**
 * The board's choices read from the address and held to the view mode rules
 * (spec §4, core normaliseSelection): the list view one type, the schedule
 * and planner several, the planner exactly one user (the signed-in one
 * first), at least one type. A choice the rules change is written back, so
 * the address always says what the screen shows.
 */
export function useBoardSelection(
  types: TAppointmentType[] | undefined,
  memberIds: string[],
  me: string,
) {
  const [params, setParams] = useBoardParams();
  const typeIds = useMemo(() => (types ?? []).map((t) => t._id), [types]);
  // The route screen is one user's day too, like the planner.
  const planner = params.view === 'planner' || params.view === 'route';
  const wantedUsers = params.users ?? (planner ? [me, ...memberIds] : memberIds);
  const sel = normaliseSelection(
    { view: params.view, types: params.types, users: wantedUsers },
    typeIds,
    memberIds,
  );
  const users = !planner && params.users === null ? null : sel.users;

  useEffect(() => {
    if (!types) return;
    const patch: Partial<BoardParams> = {};
    if (!same(sel.types, params.types)) patch.types = sel.types;
    if (!same(users, params.users)) patch.users = users;
    if (Object.keys(patch).length) setParams(patch);
  });

  const selected = types?.filter((t) => sel.types.includes(t._id)) ?? [];
  // The statuses a job of the selected types can show (the status filter's choices).
  const statusChoices = [
    ...new Set([UNSCHEDULED, SCHEDULED, ...selected.flatMap((t) => t.statuses.map((s) => s.name))]),
  ];
  const statuses = params.statuses?.filter((s) => statusChoices.includes(s)) ?? null;
  // One object while the choice stays the same: the calendar redraws its events only when it changes.
  const filterKey = JSON.stringify([
    sel.types,
    users,
    params.view === 'statuses' ? null : statuses,
  ]);
  const filter = useMemo<BoardFilter>(() => {
    const [typeIds, userIds, shown] = JSON.parse(filterKey) as [
      string[],
      string[] | null,
      string[] | null,
    ];
    return { typeIds, userIds, statuses: shown };
  }, [filterKey]);

  return {
    params,
    setParams,
    types: sel.types,
    selected,
    users,
    statusChoices,
    statuses,
    filter,
    setView: (view: BoardView) => setParams({ view }),
    toggleType: (id: string) => setParams({ types: toggleType(sel, id) }),
    toggleUser: (id: string) =>
      setParams({ users: planner ? [id] : toggled(users, memberIds, id) }),
    toggleAllUsers: () => setParams({ users: users === null ? [] : null }),
    toggleStatus: (s: string) => setParams({ statuses: toggled(statuses, statusChoices, s) }),
    toggleAllStatuses: () => setParams({ statuses: statuses === null ? [] : null }),
  };
}
