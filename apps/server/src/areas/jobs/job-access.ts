import {
  componentFlags,
  statusFlags,
  statusOf,
  type JobPlace,
  type TComponent,
  type TComponentFlags,
  type TLine,
  type TStatus,
} from '@fieldbook/core';

/** Component types whose value lives in the job's `values` under their prop. */
export const VALUE_TYPES = new Set<TComponent['type']>([
  'text',
  'textArea',
  'date',
  'switch',
  'select',
  'images',
  'signiture',
  'userSigniture',
]);
/** Component types whose value is stored file ids. */
export const FILE_TYPES = new Set<TComponent['type']>(['images', 'signiture', 'userSigniture']);

/**
 * What one member may see and change of a job in its current place (spec §4:
 * permissions per status, optionally per user group; the owner reads the
 * general flags, as a member without a group does).
 */
export interface JobView {
  status: TStatus | null;
  flags: Map<string, Required<TComponentFlags>>;
  /** Props whose values are neither sent nor written. */
  hidden: Set<string>;
  /** Props whose values are not written (hidden or view-only). */
  locked: Set<string>;
  /** lineItems and discount stay as stored. */
  keepItems: boolean;
  /** lineItems are answered empty. */
  hideItems: boolean;
  /** Line prices are left out of the answer. */
  hidePrices: boolean;
  /** Line codes are left out of the answer and kept on save (hideItemCode). */
  hideItemCode: boolean;
  /** Lines' hasTax and hasSecondTax are left out and kept (hideItemTax). */
  hideItemTax: boolean;
  /** Lines' ledgerAccountId is answered null and kept (hideAccount). */
  hideAccount: boolean;
  /** Lines' save and saveClientPrice sent are ignored: the stored ones stay (hideSaveItem). */
  hideSaveItem: boolean;
  /** The client stays as stored. */
  keepClient: boolean;
  /** assignedUsers stay as stored. */
  keepUsers: boolean;
  /** userId and assignedUsers stay as stored and are not answered. */
  hideAssignee: boolean;
  /** startDate, endDate and isAllDayEvent stay as stored. */
  lockSchedule: boolean;
  /** The job may not be deleted in this status. */
  hideDelete: boolean;
  /** Every comments component is hidden: comments are neither read nor counted. */
  hideComments: boolean;
  /** Every comments component is hidden or view-only: no comment may be added. */
  lockComments: boolean;
  /** Nothing of the job is hidden (values, lines, prices, assignee): its public link may be shared. */
  hidesNothing: boolean;
}

/** Where a job is, with the last status of its type it was in (see `lastStatus`). */
export type ViewPlace = JobPlace & { lastStatus?: string | null };

/**
 * The type's status whose permissions apply: the one the job is in, or while
 * it sits in Unscheduled or Scheduled the last one it was in (a move there
 * must not reveal what that status hides); null when there is none.
 */
export function placeStatus(statuses: TStatus[], place: ViewPlace | null): TStatus | null {
  if (!place) return null;
  if (place.hasSchedule !== false && place.status) {
    const here = statusOf(statuses, place.status);
    if (here) return here;
  }
  return statusOf(statuses, place.lastStatus);
}

export function jobView(
  type: { statuses: TStatus[]; components: TComponent[] },
  place: ViewPlace | null,
  groupId: string | null,
): JobView {
  const status = placeStatus(type.statuses, place);
  const flags = new Map(
    type.components.map((c) => [c.prop, componentFlags(c, status?.id ?? null, groupId)] as const),
  );
  const hidden = new Set<string>();
  const locked = new Set<string>();
  for (const [prop, f] of flags) {
    if (f.hide) hidden.add(prop);
    if (f.hide || f.viewOnly) locked.add(prop);
  }
  const ofType = (t: TComponent['type']) => type.components.filter((c) => c.type === t);
  const items = ofType('itemsSelect');
  const sf = statusFlags(status, groupId);
  const comments = ofType('comments');
  const hideItems = items.some((c) => hidden.has(c.prop));
  const itemFlag = (
    k: 'hideItemPrice' | 'hideItemCode' | 'hideItemTax' | 'hideAccount' | 'hideSaveItem',
  ) => items.some((c) => flags.get(c.prop)![k]);
  const hidePrices = itemFlag('hideItemPrice');
  return {
    status,
    flags,
    hidden,
    locked,
    keepItems: items.some((c) => locked.has(c.prop) || flags.get(c.prop)!.hideItemPrice),
    hideItems,
    hidePrices,
    hideItemCode: itemFlag('hideItemCode'),
    hideItemTax: itemFlag('hideItemTax'),
    hideAccount: itemFlag('hideAccount'),
    hideSaveItem: itemFlag('hideSaveItem'),
    keepClient: ofType('clientSelect').some((c) => locked.has(c.prop)),
    keepUsers: sf.hideAssignee || ofType('usersSelect').some((c) => locked.has(c.prop)),
    hideAssignee: sf.hideAssignee,
    lockSchedule: sf.viewOnlySchedule,
    hideDelete: sf.hideDeleteItem,
    hideComments: comments.length > 0 && comments.every((c) => hidden.has(c.prop)),
    lockComments: comments.length > 0 && comments.every((c) => locked.has(c.prop)),
    hidesNothing: hidden.size === 0 && !hidePrices && !sf.hideAssignee,
  };
}

/**
 * The lines a member sent, with what their item flags hide from them taken
 * from the stored line at the same position (none for a new line): codes,
 * tax switches, ledger accounts, and the save and saveClientPrice switches.
 */
export function guardLines<L extends TLine>(lines: L[], stored: TLine[], view: JobView): L[] {
  if (!view.hideItemCode && !view.hideItemTax && !view.hideAccount && !view.hideSaveItem)
    return lines;
  return lines.map((l, i) => {
    const was = stored[i];
    const out: L = { ...l };
    if (view.hideItemCode) setOrDrop(out, 'code', was?.code);
    if (view.hideItemTax) {
      setOrDrop(out, 'hasTax', was?.hasTax);
      setOrDrop(out, 'hasSecondTax', was?.hasSecondTax);
    }
    if (view.hideAccount) out.ledgerAccountId = was?.ledgerAccountId ?? null;
    if (view.hideSaveItem) {
      setOrDrop(out, 'save', was?.save);
      setOrDrop(out, 'saveClientPrice', was?.saveClientPrice);
    }
    return out;
  });
}

function setOrDrop<
  L extends TLine,
  K extends 'code' | 'hasTax' | 'hasSecondTax' | 'save' | 'saveClientPrice',
>(line: L, key: K, value: L[K] | undefined) {
  if (value === undefined) delete line[key];
  else line[key] = value;
}
