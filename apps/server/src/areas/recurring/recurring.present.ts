import { nextRuns, toAmount, type TRecurringItem } from '@fieldbook/core';
import { docOf, ruleOfItem } from './recurring.input.js';
import type { ItemWithClient } from './recurring.repo.js';

/** A stored item as list and get answer it; `today` is the company's date. */
export function presentItem(row: ItemWithClient, today: string): TRecurringItem {
  const i = row.item;
  const d = docOf(i);
  return {
    _id: i.id,
    type: i.type,
    active: i.active,
    ...ruleOfItem(i),
    category: i.category,
    lastRunDate: i.lastRunDate,
    nextRuns: i.nextRunDate
      ? nextRuns(ruleOfItem(i), { today, active: i.active, lastRunDate: i.lastRunDate })
      : [],
    total: toAmount(i.total),
    entityId: i.entityId,
    client:
      i.entityId && row.clientName !== null
        ? { name: row.clientName, surname: row.clientSurname ?? '' }
        : null,
    invoiceTemplateId: d.invoiceTemplateId ?? null,
    to: d.to ?? '',
    toEmail: d.toEmail ?? '',
    sendOnCreation: i.sendOnCreation,
    includeStatment: i.includeStatement,
    backdate: i.backdate,
    backdateAmount: i.backdateAmount,
    dueDays: d.dueDays ?? 7,
    descriptions: i.descriptions.map((l) => ({
      ...l,
      ledgerAccountId: l.ledgerAccountId ?? null,
      itemId: l.itemId ?? null,
    })),
    discount: i.discount,
    tax: i.tax,
    notes: d.notes ?? '',
    appointmentId: d.appointmentId ?? null,
    supplierId: i.supplierId,
    price: d.price ?? 0,
    description: d.description ?? '',
    paid: d.paid ?? false,
    methodPaid: d.methodPaid ?? '',
    hasWarranty: d.hasWarranty ?? false,
    warrantyValidDate: d.warrantyValidDate ?? null,
    ledgerAccountId: d.ledgerAccountId ?? null,
    appointmentTypeId: d.appointmentTypeId ?? null,
    faultDescription: d.faultDescription ?? '',
    userId: d.userId ?? null,
    assignedUsers: d.assignedUsers ?? [],
    priority: d.priority ?? '',
    startTime: d.startTime ?? null,
    durationMinutes: d.durationMinutes ?? 60,
    isAllDayEvent: d.isAllDayEvent ?? true,
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}
