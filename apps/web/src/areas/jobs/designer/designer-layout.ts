import { NODE_HEIGHT, NODE_WIDTH, isFinal, type TStatus } from '@fieldbook/core';

const GAP_X = 60;
const GAP_Y = 40;
const LEFT = 40;
const TOP = 80;

/**
 * Columns in workflow order, so the diagram reads like the flow: breadth-first
 * from the first status, final statuses in the last column, statuses nothing
 * reaches after them.
 */
export function workflowColumns(statuses: TStatus[]): TStatus[][] {
  const byNode = new Map(statuses.map((s) => [s.draw.id, s]));
  const depth = new Map<TStatus, number>();
  const first = statuses[0];
  if (first) {
    depth.set(first, 0);
    const queue = [first];
    while (queue.length) {
      const s = queue.shift()!;
      for (const t of s.draw.linksTo) {
        const next = byNode.get(t);
        if (next && !depth.has(next)) {
          depth.set(next, depth.get(s)! + 1);
          queue.push(next);
        }
      }
    }
  }
  const reached = statuses.filter((s) => depth.has(s));
  const flowing = reached.filter((s) => s === first || !isFinal(s));
  const finals = reached.filter((s) => s !== first && isFinal(s));
  const unreachable = statuses.filter((s) => !depth.has(s));
  const columns: TStatus[][] = [];
  for (const s of flowing) (columns[depth.get(s)!] ??= []).push(s);
  const packed = columns.filter((c) => c.length > 0);
  if (finals.length) packed.push(finals);
  if (unreachable.length) packed.push(unreachable);
  return packed;
}

/** The statuses placed column by column, left to right, in workflow order. */
export function arrange(statuses: TStatus[]): TStatus[] {
  const at = new Map<TStatus, { x: number; y: number }>();
  workflowColumns(statuses).forEach((col, c) =>
    col.forEach((s, r) =>
      at.set(s, { x: LEFT + c * (NODE_WIDTH + GAP_X), y: TOP + r * (NODE_HEIGHT + GAP_Y) }),
    ),
  );
  return statuses.map((s) => ({ ...s, draw: { ...s.draw, ...at.get(s)! } }));
}

/** A free place for a new status: right of `after`, moved down past the nodes already there. */
export function placeAfter(
  statuses: TStatus[],
  after: TStatus | undefined,
): { x: number; y: number } {
  if (!after) return { x: LEFT, y: TOP };
  const x = after.draw.x + NODE_WIDTH + GAP_X;
  let y = after.draw.y;
  const taken = (yy: number) =>
    statuses.some(
      (s) => Math.abs(s.draw.x - x) < NODE_WIDTH && Math.abs(s.draw.y - yy) < NODE_HEIGHT,
    );
  while (taken(y)) y += NODE_HEIGHT + GAP_Y;
  return { x, y };
}
