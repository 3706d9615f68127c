import type { TComponent, TStatus } from '../contracts/jobs.js';
import { componentFlags } from './permissions.js';
import { SCHEDULED, UNSCHEDULED } from './workflow.js';

/** Names a job's place shows without a status: a status may not take them. */
const RESERVED = [UNSCHEDULED, SCHEDULED, 'Please select'];
/** The refusal for a reserved status name, or null. */
export function reservedName(name: string): string | null {
  const key = name.trim().toLowerCase();
  const hit = RESERVED.find((r) => r.toLowerCase() === key);
  return hit ? `'${hit}' is not a status name a type may use` : null;
}

type SA = Pick<TStatus, 'id' | 'name' | 'draw'> & Partial<Pick<TStatus, 'autoMoveInvoiceClient'>>;

/** One loop of automatic moves: the statuses in it, in the order a job goes round. */
export interface AutoMoveLoop {
  /** Indexes into the statuses, starting with the first of the loop in list order. */
  indexes: number[];
  /** The refusal: `Automatic moves go round in a loop: 'Ping' -> 'Pong' -> 'Ping'`. */
  message: string;
}

/**
 * Where the automatic moves (`autoMoveInvoiceClient`) of a workflow go round
 * in a loop (issue 19 B1, DECISIONS §12). A status with the automatic move
 * sends a job on to its first link (the first `next`, as the server derives
 * it: a link to itself or to a node that is not there does not count); a job
 * that comes back to a status it entered in the same chain would go round
 * forever, each entry running its automations. Each loop is reported once.
 */
export function autoMoveLoops(statuses: SA[]): AutoMoveLoop[] {
  const index = new Map(statuses.map((s, i) => [s.draw.id, i]));
  const step = statuses.map((s) => {
    if (!s.autoMoveInvoiceClient) return null;
    const to = s.draw.linksTo.find((t) => t !== s.draw.id && index.has(t));
    return to === undefined ? null : index.get(to)!;
  });
  const loops: AutoMoveLoop[] = [];
  const done = new Set<number>();
  statuses.forEach((_, first) => {
    const path: number[] = [];
    const onPath = new Map<number, number>();
    for (let i: number | null = first; i !== null && !done.has(i); i = step[i] ?? null) {
      if (onPath.has(i)) {
        const cycle = path.slice(onPath.get(i));
        const start = cycle.indexOf(Math.min(...cycle));
        const indexes = [...cycle.slice(start), ...cycle.slice(0, start)];
        const names = [...indexes, indexes[0]!].map((k) => `'${statuses[k]!.name}'`);
        loops.push({
          indexes,
          message: `Automatic moves go round in a loop: ${names.join(' -> ')}`,
        });
        break;
      }
      onPath.set(i, path.length);
      path.push(i);
    }
    for (const i of path) done.add(i);
  });
  return loops;
}

/** One thing wrong with a workflow; `statusId` places it on the diagram. */
export interface GraphProblem {
  statusId: string | null;
  message: string;
}

type S = Pick<TStatus, 'id' | 'name' | 'draw' | 'requiredComponents'> &
  Partial<Pick<TStatus, 'autoMoveInvoiceClient'>>;
type C = Pick<TComponent, 'prop' | 'label' | 'permissions'>;

/**
 * What is wrong with a type's workflow before Save All (issue: "the designer
 * checks the graph"): no statuses, a repeated status name, a link to a node
 * that is not there, no start status (every status has a link into it),
 * statuses the first status (where jobs begin) cannot
 * reach, automatic moves that go round in a loop, required fields that are
 * not components, and required fields that
 * no status a job passes through before this one shows (a job entering from
 * Unscheduled sees every field, so the first status is never short of one).
 */
export function checkWorkflow(statuses: S[], components: C[]): GraphProblem[] {
  const problems: GraphProblem[] = [];
  if (statuses.length === 0) return [{ statusId: null, message: 'The type needs a status' }];
  const names = new Set<string>();
  for (const s of statuses) {
    const key = s.name.trim().toLowerCase();
    if (names.has(key))
      problems.push({ statusId: s.id, message: `Two statuses are called '${s.name}'` });
    names.add(key);
    const reserved = reservedName(s.name);
    if (reserved) problems.push({ statusId: s.id, message: reserved });
  }
  const byNode = new Map(statuses.map((s) => [s.draw.id, s]));
  for (const s of statuses)
    for (const t of s.draw.linksTo)
      if (!byNode.has(t))
        problems.push({ statusId: s.id, message: `'${s.name}' links to a status that is gone` });

  // Jobs begin at the first status; a diagram where every status has a link
  // into it has no entry point at all.
  const start = statuses[0]!;
  const targets = new Set(statuses.flatMap((s) => s.draw.linksTo.filter((t) => t !== s.draw.id)));
  if (statuses.every((s) => targets.has(s.draw.id)))
    problems.push({
      statusId: start.id,
      message: 'No start status: every status has a link into it',
    });

  // Ancestors: every status a job can pass through before reaching each one.
  const preds = new Map<string, Set<string>>(statuses.map((s) => [s.draw.id, new Set()]));
  // A self-link is no way in: a job first enters a status from another one.
  for (const s of statuses)
    for (const t of s.draw.linksTo) if (t !== s.draw.id) preds.get(t)?.add(s.draw.id);
  const reach = new Set<string>([start.draw.id]);
  const queue = [start.draw.id];
  while (queue.length) {
    const id = queue.shift()!;
    for (const t of byNode.get(id)!.draw.linksTo)
      if (byNode.has(t) && !reach.has(t)) {
        reach.add(t);
        queue.push(t);
      }
  }
  for (const s of statuses)
    if (!reach.has(s.draw.id))
      problems.push({
        statusId: s.id,
        message: `'${s.name}' cannot be reached from '${start.name}'`,
      });

  for (const loop of autoMoveLoops(statuses))
    problems.push({ statusId: statuses[loop.indexes[0]!]!.id, message: loop.message });

  const props = new Map(components.map((c) => [c.prop, c]));
  for (const s of statuses) {
    const before = ancestors(s.draw.id, preds);
    for (const prop of s.requiredComponents) {
      const c = props.get(prop);
      if (!c) {
        problems.push({
          statusId: s.id,
          message: `'${s.name}' requires '${prop}', which is not a field`,
        });
        continue;
      }
      // A job reaches the start from Unscheduled, where every field shows.
      if (s === start) continue;
      const shown = statuses.some(
        (p) => before.has(p.draw.id) && !componentFlags(c, p.id, null).hide,
      );
      if (!shown)
        problems.push({
          statusId: s.id,
          message: `'${s.name}' requires '${c.label}', which no earlier status shows`,
        });
    }
  }
  return problems;
}

function ancestors(id: string, preds: Map<string, Set<string>>): Set<string> {
  const seen = new Set<string>();
  const queue = [...(preds.get(id) ?? [])];
  while (queue.length) {
    const p = queue.shift()!;
    if (seen.has(p)) continue;
    seen.add(p);
    queue.push(...(preds.get(p) ?? []));
  }
  return seen;
}

/** A workflow the server refuses to save, with the field that names the fault. */
export interface WorkflowFault {
  field: string;
  message: string;
}

type SB = Pick<TStatus, 'id' | 'name' | 'draw' | 'requiredComponents'> &
  Partial<Pick<TStatus, 'autoMoveInvoiceClient'>>;

/**
 * What makes a type unsavable (the server's 400s), as opposed to what
 * {@link checkWorkflow} merely warns about: two statuses with one name or
 * one id, two nodes with one id, a link to a node that is not there,
 * automatic moves that go round in a loop, two components with one prop,
 * and a required field that is not a component.
 * A missing start or an unreachable status is saved (work in progress in
 * the designer); the server still moves jobs only along the links.
 */
export function brokenWorkflow(
  statuses: SB[],
  components: Pick<TComponent, 'prop'>[],
): WorkflowFault[] {
  const faults: WorkflowFault[] = [];
  const names = new Set<string>();
  const ids = new Set<string>();
  const nodes = new Set<string>();
  statuses.forEach((s, i) => {
    const key = s.name.trim().toLowerCase();
    if (names.has(key))
      faults.push({ field: `statuses.${i}.name`, message: `Two statuses are called '${s.name}'` });
    names.add(key);
    const reserved = reservedName(s.name);
    if (reserved) faults.push({ field: `statuses.${i}.name`, message: reserved });
    if (ids.has(s.id))
      faults.push({ field: `statuses.${i}.id`, message: 'is used by another status' });
    ids.add(s.id);
    if (nodes.has(s.draw.id))
      faults.push({ field: `statuses.${i}.draw.id`, message: 'is used by another status' });
    nodes.add(s.draw.id);
  });
  statuses.forEach((s, i) => {
    if (s.draw.linksTo.some((t) => !nodes.has(t)))
      faults.push({
        field: `statuses.${i}.draw.linksTo`,
        message: `'${s.name}' links to a status that is gone`,
      });
  });
  for (const loop of autoMoveLoops(statuses))
    faults.push({
      field: `statuses.${loop.indexes[0]}.autoMoveInvoiceClient`,
      message: loop.message,
    });
  const props = new Set<string>();
  components.forEach((c, i) => {
    if (props.has(c.prop))
      faults.push({ field: `components.${i}.prop`, message: 'is used by another field' });
    props.add(c.prop);
  });
  statuses.forEach((s, i) => {
    const unknown = s.requiredComponents.filter((p) => !props.has(p));
    if (unknown.length)
      faults.push({
        field: `statuses.${i}.requiredComponents`,
        message: `'${s.name}' requires ${unknown.map((p) => `'${p}'`).join(', ')}, which is not a field`,
      });
  });
  return faults;
}
