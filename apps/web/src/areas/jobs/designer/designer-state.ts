import {
  ZStatus,
  newComponent,
  newType,
  normaliseType,
  statusNode,
  withNextFromLinks,
  type TAppointmentType,
  type TAppointmentTypeSave,
  type TComponent,
  type TStatus,
} from '@fieldbook/core';
import { arrange, placeAfter } from './designer-layout';

/** One appointment type as the designer edits it, with how its last save went. */
export interface DraftType {
  /** Stable while editing (a new type has no `_id` until saved). */
  key: string;
  _id?: string;
  /** The server's `updatedAt` when loaded or last saved: a save sends it (a stale one is a 409). */
  updatedAt?: string;
  name: string;
  description: string;
  icon: string;
  color: TAppointmentType['color'];
  statuses: TStatus[];
  components: TComponent[];
  /** Changed since loaded or saved. */
  dirty: boolean;
  /** The server's refusal of the last save, with the fields it names. */
  error: string | null;
  fields: Record<string, string> | null;
}

/** An id for a new status node: random, and made without a secure context. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return 's' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function fromSaved(t: TAppointmentType): DraftType {
  return {
    key: t._id,
    _id: t._id,
    updatedAt: t.updatedAt,
    name: t.name,
    description: t.description,
    icon: t.icon,
    color: t.color,
    statuses: t.statuses,
    components: t.components,
    dirty: false,
    error: null,
    fields: null,
  };
}

/** A new type: 'New' / 'New description' with a first and a final status (spec §5). */
export function createDraft(): DraftType {
  const t = normaliseType(newType(() => newId()));
  return {
    key: newId(),
    name: t.name,
    description: t.description,
    icon: t.icon ?? '',
    color: t.color,
    statuses: t.statuses,
    components: t.components,
    dirty: true,
    error: null,
    fields: null,
  };
}

/** What Save All posts for `d`, at position `order` of the list. */
export function toSaveBody(d: DraftType, order: number): TAppointmentTypeSave {
  return {
    ...(d._id ? { _id: d._id, updatedAt: d.updatedAt } : {}),
    name: d.name,
    description: d.description,
    icon: d.icon || undefined,
    color: d.color,
    statuses: withNextFromLinks(d.statuses),
    components: d.components,
    order,
  };
}

/**
 * A new status right of `afterId` (the selected status, or the last one), so
 * the diagram keeps reading in the order of the flow; named so no other
 * status has its name.
 */
export function addStatus(d: DraftType, afterId?: string | null): { draft: DraftType; id: string } {
  const id = newId();
  let n = d.statuses.length + 1;
  while (d.statuses.some((s) => s.name === `Status ${n}`)) n++;
  const after = d.statuses.find((s) => s.id === afterId) ?? d.statuses.at(-1);
  const s = ZStatus.parse(statusNode(id, `Status ${n}`, 0, []));
  const at = placeAfter(d.statuses, after);
  s.draw.x = at.x;
  s.draw.y = at.y;
  return { draft: { ...d, statuses: [...d.statuses, s] }, id };
}

/** Every status placed in workflow order (the Arrange button). */
export function arrangeStatuses(d: DraftType): DraftType {
  return { ...d, statuses: arrange(d.statuses) };
}

/** Removes a status, the links into it and the component permissions it had. */
export function removeStatus(d: DraftType, statusId: string): DraftType {
  const gone = d.statuses.find((s) => s.id === statusId);
  if (!gone) return d;
  return {
    ...d,
    statuses: d.statuses
      .filter((s) => s !== gone)
      .map((s) => ({
        ...s,
        draw: { ...s.draw, linksTo: s.draw.linksTo.filter((t) => t !== gone.draw.id) },
      })),
    components: d.components.map((c) => {
      const { [statusId]: _dropped, ...rest } = c.permissions;
      return { ...c, permissions: rest };
    }),
  };
}

export function updateStatus(d: DraftType, statusId: string, patch: Partial<TStatus>): DraftType {
  return {
    ...d,
    statuses: d.statuses.map((s) =>
      s.id === statusId
        ? { ...s, ...patch, draw: { ...s.draw, ...patch.draw, name: patch.name ?? s.name } }
        : s,
    ),
  };
}

/** Where a node was dropped on the diagram. */
export function moveNode(d: DraftType, nodeId: string, x: number, y: number): DraftType {
  return {
    ...d,
    statuses: d.statuses.map((s) =>
      s.draw.id === nodeId ? { ...s, draw: { ...s.draw, x: Math.round(x), y: Math.round(y) } } : s,
    ),
  };
}

/** The nodes `from` links to (a link means "next"); self-links and repeats are left out. */
export function setLinks(d: DraftType, fromNode: string, targets: string[]): DraftType {
  const links = [...new Set(targets)].filter((t) => t !== fromNode);
  return {
    ...d,
    statuses: d.statuses.map((s) =>
      s.draw.id === fromNode ? { ...s, draw: { ...s.draw, linksTo: links } } : s,
    ),
  };
}

export function addLink(d: DraftType, fromNode: string, toNode: string): DraftType {
  const from = d.statuses.find((s) => s.draw.id === fromNode);
  if (!from || from.draw.linksTo.includes(toNode)) return d;
  return setLinks(d, fromNode, [...from.draw.linksTo, toNode]);
}

export function removeLink(d: DraftType, fromNode: string, toNode: string): DraftType {
  const from = d.statuses.find((s) => s.draw.id === fromNode);
  if (!from || !from.draw.linksTo.includes(toNode)) return d;
  return setLinks(
    d,
    fromNode,
    from.draw.linksTo.filter((t) => t !== toNode),
  );
}

export function addComponent(d: DraftType): DraftType {
  return { ...d, components: [...d.components, newComponent(d.components.map((c) => c.prop))] };
}

/** Changes component `index`; a new `prop` is followed by the statuses that require it. */
export function updateComponent(
  d: DraftType,
  index: number,
  patch: Partial<TComponent>,
): DraftType {
  const old = d.components[index];
  if (!old) return d;
  const renamed = patch.prop !== undefined && patch.prop !== old.prop;
  return {
    ...d,
    components: d.components.map((c, i) => (i === index ? { ...c, ...patch } : c)),
    statuses: renamed
      ? d.statuses.map((s) => ({
          ...s,
          requiredComponents: s.requiredComponents.map((p) => (p === old.prop ? patch.prop! : p)),
        }))
      : d.statuses,
  };
}

export function removeComponent(d: DraftType, index: number): DraftType {
  const old = d.components[index];
  if (!old) return d;
  return {
    ...d,
    components: d.components.filter((_, i) => i !== index),
    statuses: d.statuses.map((s) => ({
      ...s,
      requiredComponents: s.requiredComponents.filter((p) => p !== old.prop),
    })),
  };
}

/** Moves component `index` one place up (-1) or down (+1). */
export function moveComponent(d: DraftType, index: number, by: -1 | 1): DraftType {
  const to = index + by;
  if (to < 0 || to >= d.components.length) return d;
  const list = [...d.components];
  [list[index], list[to]] = [list[to]!, list[index]!];
  return { ...d, components: list };
}

/**
 * A field the server named (`statuses.2.name`) in words the designer shows:
 * the status or component it belongs to.
 */
export function fieldLabel(d: DraftType, path: string): string {
  const [list, index, ...rest] = path.split('.');
  const i = Number(index);
  if (list === 'statuses' && d.statuses[i])
    return `Status '${d.statuses[i].name}'${rest.length ? `: ${rest.join('.')}` : ''}`;
  if (list === 'components' && d.components[i])
    return `Field '${d.components[i].label}'${rest.length ? `: ${rest.join('.')}` : ''}`;
  return path;
}
