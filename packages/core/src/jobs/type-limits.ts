import type { TComponent, TStatus } from '../contracts/jobs.js';
import type { WorkflowFault } from './graph-check.js';

/*
 * Size limits of appointment types (issue 19 B4, DECISIONS §15): every job
 * save and every list reads all of a company's types, so what one company
 * stores there must stay small enough never to slow another (docs/jobs.md,
 * "Limits").
 */

/** A type as stored, in UTF-8 bytes of its JSON, at most (the shipped ones are 2-4 KB). */
export const MAX_TYPE_BYTES = 128 * 1024;
/** All of a company's types together, at most. */
export const MAX_COMPANY_TYPE_BYTES = 1024 * 1024;
/** Groups one permission map (a status's, or a field's in one status) may name. */
export const MAX_PERMISSION_GROUPS = 50;

type T = {
  name: string;
  description?: string;
  icon?: string;
  color?: string;
  statuses: unknown[];
  components: unknown[];
};

const utf8 = (s: string) => new TextEncoder().encode(s).length;

/** The stored size of a type: the UTF-8 bytes of its JSON (name, description, icon, colour, workflow, form). */
export function typeBytes(t: T): number {
  const { name, description, icon, color, statuses, components } = t;
  return utf8(JSON.stringify({ name, description, icon, color, statuses, components }));
}

/** The field a size refusal names: the larger of the workflow and the form. */
export function biggerPart(t: Pick<T, 'statuses' | 'components'>): 'statuses' | 'components' {
  return utf8(JSON.stringify(t.statuses)) >= utf8(JSON.stringify(t.components))
    ? 'statuses'
    : 'components';
}

const kb = (n: number) => `${Math.ceil(n / 1024)} KB`;

/** The refusal of a type over {@link MAX_TYPE_BYTES}, or null. */
export function typeSizeFault(t: T): WorkflowFault | null {
  const n = typeBytes(t);
  if (n <= MAX_TYPE_BYTES) return null;
  return {
    field: biggerPart(t),
    message: `The type is ${kb(n)}; a type may be at most ${kb(MAX_TYPE_BYTES)}`,
  };
}

/**
 * The permission maps' keys checked against what they name: a field's
 * permissions are by status id (the type's own statuses), and `groups` by
 * user group id (the company's groups). The first fault, or null.
 */
export function permissionKeyFault(
  statuses: Pick<TStatus, 'id' | 'permissions'>[],
  components: Pick<TComponent, 'permissions'>[],
  groupIds: ReadonlySet<string>,
): WorkflowFault | null {
  const ids = new Set(statuses.map((s) => s.id));
  const badGroups = (g: Record<string, unknown> | undefined) =>
    Object.keys(g ?? {}).some((k) => !groupIds.has(k));
  for (const [i, s] of statuses.entries())
    if (badGroups(s.permissions.groups))
      return {
        field: `statuses.${i}.permissions.groups`,
        message: 'must name user groups of this company',
      };
  for (const [i, c] of components.entries())
    for (const [sid, per] of Object.entries(c.permissions)) {
      if (!ids.has(sid))
        return {
          field: `components.${i}.permissions`,
          message: `'${sid}' is not a status of this type`,
        };
      if (badGroups(per.groups))
        return {
          field: `components.${i}.permissions.${sid}.groups`,
          message: 'must name user groups of this company',
        };
    }
  return null;
}

/**
 * A type with only the keys its maps may hold: a field's permissions only
 * for statuses of the type, groups only the company has (a group deleted
 * since the type was saved), a status's required fields only the type's own
 * fields. What a type saved before these checks, or edited since, still
 * holds is dropped, so the designer never posts it back and is refused by
 * {@link permissionKeyFault} or the graph check.
 */
export function withoutStaleKeys<
  T extends {
    statuses: (Pick<TStatus, 'id' | 'permissions'> & { requiredComponents?: string[] })[];
    components: Pick<TComponent, 'permissions'>[];
  },
>(t: T, groupIds: ReadonlySet<string>): T {
  const statusIds = new Set(t.statuses.map((s) => s.id));
  const props = new Set(t.components.map((c) => (c as { prop?: string }).prop));
  const keep = <V>(g: Record<string, V> | undefined) =>
    g && Object.fromEntries(Object.entries(g).filter(([k]) => groupIds.has(k)));
  return {
    ...t,
    statuses: t.statuses.map((s) => ({
      ...s,
      permissions: { ...s.permissions, groups: keep(s.permissions.groups) },
      ...(s.requiredComponents && {
        requiredComponents: s.requiredComponents.filter((p) => props.has(p)),
      }),
    })),
    components: t.components.map((c) => ({
      ...c,
      permissions: Object.fromEntries(
        Object.entries(c.permissions)
          .filter(([sid]) => statusIds.has(sid))
          .map(([sid, per]) => [sid, { ...per, groups: keep(per.groups) }]),
      ),
    })),
  };
}
