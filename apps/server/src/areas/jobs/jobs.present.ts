import { shownStatus, toAmount, type TAppointment, type TComponentValue } from '@fieldbook/core';
import type { JobView } from './job-access.js';
import type { JobWithClient } from './jobs.repo.js';

/** What presenting a job needs besides its row. */
export interface PresentContext {
  typeName: string;
  view: JobView;
  /** Member names by user id (assignees). */
  names: Map<string, string>;
  /** The caller is the company's owner (who always gets the public link). */
  owner?: boolean;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A job as one member may see it: values of hidden components left out,
 * prices left out under hideItemPrice, the assignee left out under
 * hideAssignee (spec §4, DECISIONS §12).
 */
export function presentJob(r: JobWithClient, ctx: PresentContext): TAppointment {
  const j = r.job;
  const v = ctx.view;
  const values: Record<string, TComponentValue> = {};
  for (const [k, val] of Object.entries(j.values)) if (!v.hidden.has(k)) values[k] = val;
  const own = j.googlePosition ?? null;
  const position = own ?? r.clientPosition ?? null;
  const client = [r.clientName, r.clientSurname].filter(Boolean).join(' ');
  const assigned = v.hideAssignee ? [] : j.assignedUsers;
  return {
    _id: j.id,
    appointmentNumber: j.appointmentNumber,
    appointmentTypeId: j.appointmentTypeId,
    appointmentType: ctx.typeName,
    status: j.status,
    shownStatus: shownStatus(j),
    hasSchedule: j.hasSchedule,
    startDate: j.startDate.toISOString(),
    endDate: j.endDate.toISOString(),
    isAllDayEvent: j.isAllDayEvent,
    sendClientReminder: j.sendClientReminder,
    priority: j.priority,
    userId: v.hideAssignee ? null : j.userId,
    assignedUsers: assigned.map((id) => ({ userId: id, name: ctx.names.get(id) ?? '' })),
    entityId: j.entityId,
    clientName: r.clientName ?? '',
    clientSurname: r.clientSurname ?? '',
    name: client,
    faultDescription: j.faultDescription,
    resolution: j.resolution,
    lineItems: v.hideItems
      ? []
      : j.lineItems.map((l) => {
          const line = {
            ...l,
            qty: l.qty ?? 1,
            price: toAmount(l.price),
            ledgerAccountId: l.ledgerAccountId ?? null,
            itemId: l.itemId ?? null,
          };
          // What the item flags hide is not sent (and a save keeps it, job-access guardLines).
          if (v.hideItemCode) delete line.code;
          if (v.hideItemTax) {
            delete line.hasTax;
            delete line.hasSecondTax;
          }
          if (v.hideAccount) line.ledgerAccountId = null;
          if (!v.hidePrices) return line;
          const { price: _price, ...rest } = line;
          return rest;
        }),
    discount: j.discount,
    to: j.to,
    toEmail: j.toEmail,
    address: j.address,
    googlePosition: position,
    positionVerified: !!position,
    values,
    log: j.log,
    invoiceId: j.invoiceId,
    order: j.order,
    sortOrder: j.sortOrder,
    depart: iso(j.depart),
    distance: j.distance ?? null,
    duration: j.duration ?? null,
    displayOrder: j.displayOrder ?? null,
    progress: j.progress ?? null,
    dependencies: j.dependencies,
    // The public link prints the general view: only for those who see the whole job anyway.
    publicKey: ctx.owner || v.hidesNothing ? j.publicKey : '',
    createdDate: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
    commentCount: v.hideComments ? 0 : r.commentCount,
  };
}
